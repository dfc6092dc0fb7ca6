import type { Cache } from '@laundry/platform/cache';
import { tooManyRequests } from '@laundry/platform/errors';

export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many sign-in attempts. Please wait a few minutes and try again.';

export interface SignInLimits {
  windowSeconds: number;
  /** Attempts for one email from one IP. */
  maxPerEmail: number;
  /** Failed attempts from one IP, any email. */
  maxPerIp: number;
}

export interface SignInThrottle {
  /** Counts the attempt for email+IP and throws 429 when that or the IP's failures are over the limit. */
  beforeAttempt(email: string, ip: string): Promise<void>;
  afterFailure(ip: string): Promise<void>;
  /** A correct password clears its email+IP count, so a person signing in often is never locked out. */
  afterSuccess(email: string, ip: string): Promise<void>;
}

/**
 * Fixed-window counters in the shared cache (Redis when distributed), so every instance sees one count.
 * Per email+IP stops guessing one account and is counted before the password check, atomically, so a
 * burst of parallel guesses cannot slip past it; per IP stops spraying many accounts from one place
 * without letting a stranger lock a victim out everywhere.
 */
export function createSignInThrottle(cache: Cache, keyPrefix: string, limits: SignInLimits): SignInThrottle {
  const emailKey = (email: string, ip: string) => `${keyPrefix}:login:email-ip:${email}:${ip}`;
  const ipKey = (ip: string) => `${keyPrefix}:login:ip-failures:${ip}`;
  return {
    async beforeAttempt(email, ip) {
      const [perEmail, ipFailures] = await Promise.all([
        cache.incr(emailKey(email, ip), limits.windowSeconds),
        cache.get<number | string>(ipKey(ip)),
      ]);
      if (perEmail > limits.maxPerEmail || Number(ipFailures ?? 0) >= limits.maxPerIp) {
        throw tooManyRequests(TOO_MANY_ATTEMPTS_MESSAGE);
      }
    },
    async afterFailure(ip) {
      await cache.incr(ipKey(ip), limits.windowSeconds);
    },
    async afterSuccess(email, ip) {
      await cache.del(emailKey(email, ip));
    },
  };
}
