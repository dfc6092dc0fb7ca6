import { accountTokenSchema } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import { AppError, unauthorized } from '@laundry/platform/errors';
import type { JobQueue } from '@laundry/platform/jobs';
import type { AccountLinkRepository } from './account-link-store.ts';
import { hashLinkToken, linkState } from './account-links.ts';
import { accountMailJobOptions, type AccountMailJob } from './account-mail-job.ts';
import type { MailRequestThrottle } from './mail-request-throttle.ts';
import type { UserRecord, UserRepository } from './user-store.ts';

export const VERIFICATION_SENT_MESSAGE = 'A new link is on its way to your email address.';
export const SIGN_IN_FOR_NEW_LINK_MESSAGE = 'Sign in to ask for a new link.';
export const ALREADY_VERIFIED_MESSAGE = 'Your email address is already verified.';

export type VerificationResult = 'verified' | 'expired' | 'invalid';

export interface VerifyEmailDeps {
  db: Db;
  users: UserRepository;
  links: AccountLinkRepository;
  now?: () => Date;
}

export interface VerificationOutcome {
  result: VerificationResult;
  /** The account, when this very use of the link verified it (and only then), to be signed in. */
  verifiedNow?: UserRecord;
}

/**
 * Marks the address verified with a usable link, once. A link followed again after it worked (a mail
 * scanner may follow it first) still says verified while the address is, rather than alarm the person.
 */
export async function verifyEmail(deps: VerifyEmailDeps, token: unknown): Promise<VerificationOutcome> {
  const parsed = accountTokenSchema.safeParse(token);
  if (!parsed.success) return { result: 'invalid' };
  const now = () => deps.now?.() ?? new Date();
  const tokenHash = hashLinkToken(parsed.data);
  const link = await deps.links.find(tokenHash, 'verify-email');
  const state = linkState(link, now());
  if (!link || state === 'invalid') return { result: 'invalid' };
  if (state === 'expired') return { result: 'expired' };

  let usedNow = false;
  if (state === 'usable') {
    usedNow = await deps.db.tx(async (tx) => {
      const locked = await deps.links.findForUpdate(tx, tokenHash, 'verify-email');
      // The same link followed twice at once: the first holds the lock and uses it up.
      if (linkState(locked, now()) !== 'usable') return false;
      await deps.users.markEmailVerified(tx, link.userId, link.email);
      await deps.links.useAll(tx, link.userId, 'verify-email');
      return true;
    });
  }
  const user = await deps.users.findById(link.userId);
  const stillTheirs = user?.email.toLowerCase() === link.email.toLowerCase();
  if (!user?.emailVerified || !stillTheirs) return { result: 'invalid' };
  return usedNow ? { result: 'verified', verifiedNow: user } : { result: 'verified' };
}

export interface ResendVerificationDeps {
  users: UserRepository;
  throttle: MailRequestThrottle;
  mailJobs: Pick<JobQueue<AccountMailJob>, 'add'>;
}

/** A new verification link for the signed-in person whose address is not verified yet (the last expired). */
export async function resendVerification(
  deps: ResendVerificationDeps,
  input: { userId: string | undefined; client: string },
): Promise<void> {
  const user = input.userId ? await deps.users.findById(input.userId) : undefined;
  if (!user) throw unauthorized(SIGN_IN_FOR_NEW_LINK_MESSAGE);
  if (user.emailVerified) throw new AppError(409, ALREADY_VERIFIED_MESSAGE, 'ALREADY_VERIFIED');
  await deps.throttle.count(user.email, input.client);
  await deps.mailJobs.add({ kind: 'verify-email', userId: user.id }, accountMailJobOptions);
}
