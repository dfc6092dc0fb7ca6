import type { CurrentUserResponse } from '@laundry/contracts';
import type { RemoteName, RemoteRoute } from '../remote-routes.ts';

/** The remotes whose code and links only admins get; everyone else never fetches them. */
export const adminOnlyRemotes: readonly RemoteName[] = ['mf_admin'];

export function isAdminOnly(route: Pick<RemoteRoute, 'remote'>): boolean {
  return adminOnlyRemotes.includes(route.remote);
}

/** An admin is whoever GET /api/auth/user answers with role 'admin'; signed out (null) or unknown is not. */
export function isAdmin(user: CurrentUserResponse | undefined): boolean {
  return user?.role === 'admin';
}

/**
 * Whether a page of an admin-only remote may load: 'wait' while who is signed in is still being asked,
 * 'allow' for an admin, 'deny' (the shell's 404) for anyone else, including when the question failed.
 */
export type AdminAccess = 'wait' | 'allow' | 'deny';

export function adminAccess(query: {
  isPending: boolean;
  data?: CurrentUserResponse | undefined;
}): AdminAccess {
  if (query.isPending) return 'wait';
  return isAdmin(query.data) ? 'allow' : 'deny';
}

/**
 * Whether the shell may load a route's page before its first render (while the prerendered first screen
 * shows), when nobody yet knows who is signed in: never for an admin-only one.
 */
export function mayPreload(route: RemoteRoute | undefined): route is RemoteRoute {
  return route !== undefined && !isAdminOnly(route);
}
