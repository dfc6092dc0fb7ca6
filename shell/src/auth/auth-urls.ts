/** Sign-in is a full page at the gateway that brings the user back to where they were. */
export function signInUrl(returnTo: string): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}

export const signOutUrl = '/api/logout';
