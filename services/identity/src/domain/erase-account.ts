import { createEvent, userDeletedV1 } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import { AppError, unauthorized } from '@laundry/platform/errors';
import type { Outbox } from '@laundry/platform/outbox';
import type { Passwords } from './passwords.ts';
import type { UserRepository } from './user-store.ts';
import type { ErasureMailJob } from './erasure-mail.ts';

export const WRONG_PASSWORD_MESSAGE = 'That password is not right. Your account was not deleted.';

export interface EraseAccountDeps {
  db: Db;
  users: UserRepository;
  passwords: Passwords;
  outbox: Outbox;
  /** Ends every session of the person at once (the gateway refuses them from now on). */
  endAllSessionsOf(userId: string): Promise<unknown>;
  queueConfirmation(job: ErasureMailJob): Promise<unknown>;
}

/**
 * DELETE /api/me: the account's row goes at once, with what cascades from it (contributions, e-mailed
 * links, sessions), and user.deleted.v1 is recorded in the same transaction, so every other service is told
 * if and only if the account is gone (docs/adr/0018-account-erasure.md). The confirmation e-mail is queued
 * with the address it goes to: once the row is gone nothing else knows it.
 */
export async function eraseAccount(
  deps: EraseAccountDeps,
  input: { userId: string; password: string },
): Promise<{ confirmationQueued: boolean }> {
  const user = await deps.users.findById(input.userId);
  // A session of an account already erased (its revocation not yet seen) has nothing left to erase.
  if (!user) throw unauthorized();
  if (!(await deps.passwords.verify(user.passwordHash, input.password))) {
    throw new AppError(403, WRONG_PASSWORD_MESSAGE, 'WRONG_PASSWORD');
  }
  // Sessions end first: a session still valid after the row is gone could write new data under the erased
  // id that no user.deleted.v1 would ever reach. If this fails, nothing is deleted and the person may retry.
  await deps.endAllSessionsOf(user.id);
  await deps.db.tx(async (tx) => {
    const deleted = await tx.query('DELETE FROM users WHERE id = $1 RETURNING id', [user.id]);
    if (deleted.length === 0) throw unauthorized();
    // The embedded mode's local outbox (/dev/mail) keeps copies of the mail sent to the person; they go too.
    // The confirmation queued below lands there afterwards: in that mode it stands for the person's inbox.
    await tx.query('DELETE FROM mail_outbox WHERE lower(recipient) = lower($1)', [user.email]);
    await deps.outbox.record(
      tx,
      createEvent(userDeletedV1, 'identity', { userId: user.id, erasedAt: new Date().toISOString() }),
    );
  });
  // The account is gone either way: a queue out of reach costs the confirmation, not the answer.
  const confirmationQueued = await deps
    .queueConfirmation({ email: user.email, language: user.language })
    .then(
      () => true,
      () => false,
    );
  return { confirmationQueued };
}
