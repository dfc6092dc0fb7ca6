import type { Role, SessionRevocations } from '@laundry/platform/auth';
import type { UserRecord, UserRepository } from './user-store.ts';

/**
 * Who is an admin is decided by ADMIN_EMAILS as it is now, never by what was stored when the account was
 * made: an address in the list that its owner has proved (followed the verification link) is an admin; an
 * unverified one, or one the list no longer names, is a user. Every record the repository reads carries the
 * role so computed, so sign-in, a session refresh and the account's answers all follow the list.
 */
export function roleFor(
  user: Pick<UserRecord, 'email' | 'emailVerified'>,
  adminEmails: readonly string[],
): Role {
  return user.emailVerified && adminEmails.includes(user.email.toLowerCase()) ? 'admin' : 'user';
}

/** The repository with every record's role computed from the current list. */
export function withListedRoles(users: UserRepository, adminEmails: readonly string[]): UserRepository {
  const withRole = <T extends UserRecord | undefined>(user: T): T =>
    (user ? { ...user, role: roleFor(user, adminEmails) } : user) as T;
  return {
    ...users,
    insert: async (user) => withRole(await users.insert({ ...user, role: 'user' })),
    findByEmail: async (email) => withRole(await users.findByEmail(email)),
    findById: async (id) => withRole(await users.findById(id)),
    updateName: async (userId, name) => withRole(await users.updateName(userId, name)),
    setProfileImage: async (userId, url) => withRole(await users.setProfileImage(userId, url)),
  };
}

/**
 * Ends the sessions of everyone who may hold an admin session the list no longer grants (an address taken
 * off ADMIN_EMAILS, or never verified): run as the service starts, that is whenever the list can have
 * changed, before it answers anyone. The users row's stored role records who was last handed an admin
 * session; the gateway refuses a revoked session from the next request on.
 */
export async function endUnlistedAdminSessions(
  deps: { users: UserRepository; revocations: SessionRevocations; ttlSeconds: number },
  adminEmails: readonly string[],
): Promise<string[]> {
  const ended: string[] = [];
  for (const holder of await deps.users.listAdminSessionHolders()) {
    if (roleFor(holder, adminEmails) === 'admin') continue;
    await deps.revocations.revokeAllOf(holder.id, deps.ttlSeconds);
    await deps.users.recordSessionRole(holder.id, 'user');
    ended.push(holder.id);
  }
  return ended;
}
