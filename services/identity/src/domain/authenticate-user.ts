import type { LoginRequest } from '@laundry/contracts';
import { unauthorized } from '@laundry/platform/errors';
import type { UserRecord, UserRepository } from './user-store.ts';
import type { Passwords } from './passwords.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';

export interface AuthenticateDeps {
  users: UserRepository;
  passwords: Passwords;
  /** The right password for an address not yet proved: its owner is sent the link again (within limits). */
  onUnverified?: (user: UserRecord) => Promise<void>;
}

/**
 * The same answer, after about the same time, whether the email is unknown or the password wrong. An
 * account whose address is not proved is answered alike even with the right password: otherwise whoever
 * registered someone else's address could sign in with a password of their choosing, and learn from it
 * that the address had no account. Its owner signs in by the link the mail brings.
 */
export async function authenticateUser(deps: AuthenticateDeps, input: LoginRequest): Promise<UserRecord> {
  const user = await deps.users.findByEmail(input.email);
  if (!user) {
    await deps.passwords.verifyAgainstDummy(input.password);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await deps.passwords.verify(user.passwordHash, input.password))) {
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!user.emailVerified) {
    await deps.onUnverified?.(user);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  return user;
}
