import { timing } from '@laundry/contracts';

export function signInUrl(returnTo: string): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Spec §8: after the unauthorized toast, a full-page sign-in 500 ms later. */
export function redirectToSignIn(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  setTimeout(() => window.location.assign(signInUrl(here)), timing.unauthorizedRedirectMs);
}
