import type { Cache } from '@laundry/platform/cache';
import { AppError, tooManyRequests } from '@laundry/platform/errors';

export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many sign-in attempts. Please wait a few minutes and try again.';

export interface SignInLimits {
  windowSeconds: number;
  /** Attempts for one email from one IP. */
  maxPerEmail: number;
  /** Failed attempts from one IP, any email. */
  maxPerIp: number;
  /** Failures on one account, from anywhere, before each further try must wait. */
  accountFreeFailures: number;
  /** The first wait; each further failure doubles it, up to accountMaxDelaySeconds. */
  accountDelaySeconds: number;
  accountMaxDelaySeconds: number;
}

/** A 429 that says when the account takes a try again (the Retry-After header). */
export class AccountWaitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_ATTEMPTS_MESSAGE, 'RATE_LIMIT');
  }
}

export interface SignInThrottle {
  /** Counts the attempt for email+IP and throws 429 when that or the IP's failures are over the limit. */
  beforeAttempt(email: string, ip: string): Promise<void>;
  afterFailure(ip: string, email: string): Promise<void>;
  /** A correct password clears its email+IP count, so a person signing in often is never locked out. */
  afterSuccess(email: string, ip: string): Promise<void>;
}

/**
 * Fixed-window counters in the shared cache (Redis when distributed), so every instance sees one count.
 * Per email+IP stops guessing one account and is counted before the password check, atomically, so a
 * burst of parallel guesses cannot slip past it; per IP stops spraying many accounts from one place
 * without letting a stranger lock a victim out everywhere. Per account, from any IP: after
 * accountFreeFailures failures within the window, each try waits a delay that doubles with every further
 * failure, capped, and ends with a success or when the window passes; the account is never locked for good.
 */
export function createSignInThrottle(
  cache: Cache,
  keyPrefix: string,
  limits: SignInLimits,
  /**
   * Called once per episode, by the failure that starts the account's waits (counted atomically, so two
   * failures at once cannot both be it): the owner is told someone is trying their password. A new episode
   * starts only after a success or the window's end.
   */
  onAccountWaitStarts?: (email: string) => Promise<void>,
): SignInThrottle {
  const emailKey = (email: string, ip: string) => `${keyPrefix}:login:email-ip:${email}:${ip}`;
  const ipKey = (ip: string) => `${keyPrefix}:login:ip-failures:${ip}`;
  const accountFailuresKey = (email: string) => `${keyPrefix}:login:account-failures:${email}`;
  const accountNextKey = (email: string) => `${keyPrefix}:login:account-next:${email}`;
  return {
    async beforeAttempt(email, ip) {
      const next = Number((await cache.get<number | string>(accountNextKey(email))) ?? 0);
      const waitMs = next - Date.now();
      if (waitMs > 0) throw new AccountWaitError(Math.ceil(waitMs / 1000));
      const [perEmail, ipFailures] = await Promise.all([
        cache.incr(emailKey(email, ip), limits.windowSeconds),
        cache.get<number | string>(ipKey(ip)),
      ]);
      if (perEmail > limits.maxPerEmail || Number(ipFailures ?? 0) >= limits.maxPerIp) {
        throw tooManyRequests(TOO_MANY_ATTEMPTS_MESSAGE);
      }
    },
    async afterFailure(ip, email) {
      const [, failures] = await Promise.all([
        cache.incr(ipKey(ip), limits.windowSeconds),
        cache.incr(accountFailuresKey(email), limits.windowSeconds),
      ]);
      const over = failures - limits.accountFreeFailures;
      if (over < 0) return;
      if (over === 0) await onAccountWaitStarts?.(email);
      const delay = Math.min(
        limits.accountDelaySeconds * 2 ** Math.min(over, 30),
        limits.accountMaxDelaySeconds,
      );
      await cache.set(accountNextKey(email), Date.now() + delay * 1000, limits.windowSeconds);
    },
    async afterSuccess(email, ip) {
      await Promise.all([
        cache.del(emailKey(email, ip)),
        cache.del(accountFailuresKey(email)),
        cache.del(accountNextKey(email)),
      ]);
    },
  };
}
