import type { LoginRequest } from '@laundry/contracts';
import { unauthorized } from '@laundry/platform/errors';
import type { UserRecord, UserRepository } from './user-store.ts';
import type { Passwords } from './passwords.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';

export interface AuthenticateDeps {
  users: UserRepository;
  passwords: Passwords;
}

/** The same answer, after about the same time, whether the email is unknown or the password wrong. */
export async function authenticateUser(deps: AuthenticateDeps, input: LoginRequest): Promise<UserRecord> {
  const user = await deps.users.findByEmail(input.email);
  if (!user) {
    await deps.passwords.verifyAgainstDummy(input.password);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await deps.passwords.verify(user.passwordHash, input.password))) {
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  return user;
}
