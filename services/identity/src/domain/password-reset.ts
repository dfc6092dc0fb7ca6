import type { ForgotPasswordRequest, Language, ResetPasswordRequest } from '@laundry/contracts';
import type { JobQueue } from '@laundry/platform/jobs';
import type { Db } from '@laundry/platform/db';
import type { AccountLinkRepository } from './account-link-store.ts';
import { hashLinkToken, linkRefusal, linkState } from './account-links.ts';
import { accountMailJobOptions, type AccountMailJob } from './account-mail-job.ts';
import type { MailRequestThrottle } from './mail-request-throttle.ts';
import type { Passwords } from './passwords.ts';
import type { UserRecord, UserRepository } from './user-store.ts';

export const RESET_REQUESTED_MESSAGE =
  'If an account uses this address, a link to choose a new password is on its way.';

export interface ForgotPasswordDeps {
  throttle: MailRequestThrottle;
  mailJobs: Pick<JobQueue<AccountMailJob>, 'add'>;
}

/**
 * The same answer for every address and every request: count it, queue a job while the limits allow a mail,
 * answer. Whether an account exists is found out by the job, after the answer has gone. Nobody is refused:
 * strangers asking for someone's address use up at most that address's mails for the window (each of them
 * one mail), never the person's right to ask, and each new link works as well as the last.
 */
export async function requestPasswordReset(
  deps: ForgotPasswordDeps,
  input: ForgotPasswordRequest & { language: Language | undefined; client: string },
): Promise<void> {
  if (!(await deps.throttle.allow(input.email, input.client))) return;
  await deps.mailJobs.add(
    { kind: 'reset-password', email: input.email, language: input.language },
    accountMailJobOptions,
  );
}

/** Ends every session of a person; answers the second from which new sessions count. */
export interface SessionEnder {
  endAllSessionsOf(userId: string): Promise<number>;
}

export interface ResetPasswordDeps {
  db: Db;
  users: UserRepository;
  links: AccountLinkRepository;
  passwords: Passwords;
  sessions: SessionEnder;
  now?: () => Date;
}

/**
 * Sets the new password with a usable reset link, once: the link and the person's other reset links are used
 * up in the same transaction, the address counts as verified (the person read mail sent to it), and every
 * session signed before is ended.
 */
export async function resetPassword(
  deps: ResetPasswordDeps,
  input: ResetPasswordRequest,
): Promise<{ user: UserRecord; sessionsValidFrom: number }> {
  const now = () => deps.now?.() ?? new Date();
  const tokenHash = hashLinkToken(input.token);
  const link = await deps.links.find(tokenHash, 'reset-password');
  const state = linkState(link, now());
  if (state !== 'usable' || !link) throw linkRefusal(state === 'usable' ? 'invalid' : state);
  // A link sent to an address the account no longer has opens nothing.
  const owner = await deps.users.findById(link.userId);
  if (!owner || owner.email.toLowerCase() !== link.email.toLowerCase()) throw linkRefusal('invalid');

  const passwordHash = await deps.passwords.hash(input.password);
  // Before the change: should the revocation list be out of reach, nothing has changed and the link still works.
  const sessionsValidFrom = await deps.sessions.endAllSessionsOf(link.userId);
  await deps.db.tx(async (tx) => {
    const locked = await deps.links.findForUpdate(tx, tokenHash, 'reset-password');
    const lockedState = linkState(locked, now());
    // The same link sent twice at once: the first holds the lock and uses it up, the second lands here.
    if (lockedState !== 'usable') throw linkRefusal(lockedState);
    await deps.users.setPasswordHash(tx, link.userId, passwordHash);
    await deps.users.markEmailVerified(tx, link.userId, link.email);
    await deps.links.useAll(tx, link.userId, 'reset-password');
  });
  const user = await deps.users.findById(link.userId);
  if (!user) throw linkRefusal('invalid');
  return { user, sessionsValidFrom };
}

/** What the reset page shows before the person types anything: the form, or why the link cannot be used. */
export async function checkResetLink(
  deps: Pick<ResetPasswordDeps, 'links' | 'users' | 'now'>,
  token: string,
): Promise<{ state: 'usable'; email: string } | { state: 'used' | 'expired' | 'invalid' }> {
  const link = await deps.links.find(hashLinkToken(token), 'reset-password');
  const state = linkState(link, deps.now?.() ?? new Date());
  if (state !== 'usable' || !link) return { state: state === 'usable' ? 'invalid' : state };
  const owner = await deps.users.findById(link.userId);
  if (!owner || owner.email.toLowerCase() !== link.email.toLowerCase()) return { state: 'invalid' };
  return { state: 'usable', email: owner.email };
}
