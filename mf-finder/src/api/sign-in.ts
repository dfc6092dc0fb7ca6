import type { TFunction } from 'i18next';
import { timing } from '@laundry/contracts';
import { toast } from '@laundry/ui';
import { isUnauthorizedError } from '../domain/api-errors.ts';

export function signInUrl(returnTo: string): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/** docs/product.md, Errors: after the unauthorized toast, a full-page sign-in 500 ms later. */
export function redirectToSignIn(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  setTimeout(() => window.location.assign(signInUrl(here)), timing.unauthorizedRedirectMs);
}

/**
 * A request refused because the session has ended says so and goes to sign-in (docs/product.md, Errors). True
 * when the error was that (and is handled); `t` is the finder's translation function.
 */
export function handledAsSignedOut(error: unknown, t: TFunction<'finder'>): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({
    title: `${t('messages.auth.unauthorizedTitle')}: ${t('messages.auth.unauthorizedText')}`,
    variant: 'destructive',
  });
  redirectToSignIn();
  return true;
}
