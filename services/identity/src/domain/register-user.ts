import type { Language, RegisterRequest } from '@laundry/contracts';
import { conflict } from '@laundry/platform/errors';
import type { UserRecord, UserRepository } from './user-store.ts';
import type { Passwords } from './passwords.ts';

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists.';

export interface RegisterDeps {
  users: UserRepository;
  passwords: Passwords;
  adminEmails: readonly string[];
}

const blankToNull = (value: string | undefined) => (value ? value : null);

/** `language` is the request's when the form did not say (the page's, the cookie's or the browser's). */
export async function registerUser(
  deps: RegisterDeps,
  input: RegisterRequest & { language: Language },
): Promise<UserRecord> {
  const passwordHash = await deps.passwords.hash(input.password);
  const created = await deps.users.insert({
    email: input.email,
    firstName: blankToNull(input.firstName),
    lastName: blankToNull(input.lastName),
    role: deps.adminEmails.includes(input.email) ? 'admin' : 'user',
    passwordHash,
    language: input.language,
  });
  if (!created) throw conflict(DUPLICATE_EMAIL_MESSAGE);
  return created;
}
