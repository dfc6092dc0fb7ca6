import type { ChangePasswordRequest } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import { endOtherSessions, type AccountSessionDeps } from './account-sessions.ts';
import { withCurrentPassword, type CurrentPasswordDeps } from './current-password.ts';
import type { UserRecord } from './user-store.ts';

/**
 * A new password, with the current one typed again; every other session ends (whoever else had the old
 * password is out), and the asking one is signed anew as of `validFrom`.
 */
export async function changePassword(
  deps: CurrentPasswordDeps & AccountSessionDeps & { db: Db },
  input: ChangePasswordRequest & { userId: string; currentSid: string | undefined; client: string },
): Promise<{ user: UserRecord; validFrom: number; ended: number }> {
  const user = await withCurrentPassword(deps, {
    userId: input.userId,
    password: input.currentPassword,
    client: input.client,
  });
  const passwordHash = await deps.passwords.hash(input.newPassword);
  // The sessions first, as a reset does: should the revocation list be out of reach, nothing has changed.
  const { ended, validFrom } = await endOtherSessions(deps, user.id, input.currentSid);
  await deps.users.setPasswordHash(deps.db, user.id, passwordHash);
  return { user, validFrom, ended };
}
