import { accountTokenSchema, type ChangeEmailRequest, type EmailChangeResult } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import { AppError } from '@laundry/platform/errors';
import type { JobQueue } from '@laundry/platform/jobs';
import type { AccountLinkRepository } from './account-link-store.ts';
import { hashLinkToken, linkState } from './account-links.ts';
import { accountMailJobOptions, type AccountMailJob } from './account-mail-job.ts';
import { withCurrentPassword, type CurrentPasswordDeps } from './current-password.ts';
import type { MailRequestThrottle } from './mail-request-throttle.ts';
import type { UserRecord, UserRepository } from './user-store.ts';

export const EMAIL_CHANGE_SENT_MESSAGE =
  'We sent a link to your new address. Your address changes once you follow it.';
export const SAME_EMAIL_MESSAGE = 'This is already your email address.';
export const EMAIL_TAKEN_MESSAGE = 'Another account already uses this email address.';

export interface RequestEmailChangeDeps extends CurrentPasswordDeps {
  throttle: CurrentPasswordDeps['throttle'];
  mailThrottle: MailRequestThrottle;
  mailJobs: Pick<JobQueue<AccountMailJob>, 'add'>;
}

/**
 * Asks for a new address, with the current password typed again: a link goes to the new address (the
 * change waits for it), and the current address is told, so its owner hears of a change they did not ask
 * for while there is still time to change the password.
 */
export async function requestEmailChange(
  deps: RequestEmailChangeDeps,
  input: ChangeEmailRequest & { userId: string; client: string },
): Promise<void> {
  const user = await withCurrentPassword(deps, {
    userId: input.userId,
    password: input.currentPassword,
    client: input.client,
  });
  if (user.email.toLowerCase() === input.newEmail) throw new AppError(400, SAME_EMAIL_MESSAGE, 'SAME_EMAIL');
  if (await deps.users.findByEmail(input.newEmail))
    throw new AppError(409, EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN');
  await deps.mailThrottle.count(input.newEmail, input.client);
  const change = { userId: user.id, newEmail: input.newEmail };
  await deps.mailJobs.add({ kind: 'confirm-email-change', ...change }, accountMailJobOptions);
  await deps.mailJobs.add({ kind: 'email-change-notice', ...change }, accountMailJobOptions);
}

export interface ConfirmEmailChangeDeps {
  db: Db;
  users: UserRepository;
  links: AccountLinkRepository;
  now?: () => Date;
}

/**
 * Makes the address the link was sent to the account's, once. Answers how it went, and the account when
 * it changed (its sessions carry the old address and are signed anew or ended by the caller).
 */
export async function confirmEmailChange(
  deps: ConfirmEmailChangeDeps,
  token: unknown,
): Promise<{ result: EmailChangeResult; user?: UserRecord }> {
  const parsed = accountTokenSchema.safeParse(token);
  if (!parsed.success) return { result: 'invalid' };
  const now = () => deps.now?.() ?? new Date();
  const tokenHash = hashLinkToken(parsed.data);
  const link = await deps.links.find(tokenHash, 'change-email');
  const state = linkState(link, now());
  if (!link || state === 'invalid') return { result: 'invalid' };
  if (state !== 'usable') return { result: state };

  const result = await deps.db.tx(async (tx): Promise<EmailChangeResult> => {
    const locked = await deps.links.findForUpdate(tx, tokenHash, 'change-email');
    const lockedState = linkState(locked, now());
    if (lockedState !== 'usable') return lockedState;
    // Used up whatever happens next: a link for an address someone took meanwhile will never work.
    await deps.links.useAll(tx, link.userId, 'change-email');
    return (await deps.users.changeEmail(tx, link.userId, link.email)) ? 'changed' : 'taken';
  });
  if (result !== 'changed') return { result };
  const user = await deps.users.findById(link.userId);
  return user ? { result, user } : { result: 'invalid' };
}
