import { AppError, unauthorized } from '@laundry/platform/errors';
import type { Passwords } from './passwords.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import type { UserRecord, UserRepository } from './user-store.ts';

export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct.';

export interface CurrentPasswordDeps {
  users: UserRepository;
  passwords: Passwords;
  throttle: SignInThrottle;
}

/**
 * The signed-in person's account, once they have typed its password again. The attempt is counted like a
 * sign-in, so a left-open session cannot be used to guess the password at leisure. 403, not 401: the person
 * is still signed in, only the password was wrong.
 */
export async function withCurrentPassword(
  deps: CurrentPasswordDeps,
  input: { userId: string; password: string; client: string },
): Promise<UserRecord> {
  const user = await deps.users.findById(input.userId);
  if (!user) throw unauthorized();
  await deps.throttle.beforeAttempt(user.email, input.client);
  if (!(await deps.passwords.verify(user.passwordHash, input.password))) {
    await deps.throttle.afterFailure(input.client, user.email);
    throw new AppError(403, WRONG_PASSWORD_MESSAGE, 'WRONG_PASSWORD');
  }
  await deps.throttle.afterSuccess(user.email, input.client);
  return user;
}
