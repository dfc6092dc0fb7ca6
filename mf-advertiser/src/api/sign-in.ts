import type { TFunction } from 'i18next';
import { timing } from '@laundry/contracts';
import { toast } from '@laundry/ui';
import { isUnauthorizedError } from '../domain/api-errors.ts';

/**
 * Sign-in is a full-page navigation to /api/login, which brings the person back here after
 * (docs/product.md, Pages).
 */
export function signInUrl(returnTo: string): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * A call refused because the session has ended says so and goes to sign-in 500 ms later
 * (docs/product.md, Errors). True when the error was that (and is handled).
 */
export function handledAsSignedOut(error: unknown, t: TFunction<'advertiser'>): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({
    title: t('messages.unauthorizedTitle'),
    description: t('messages.unauthorizedText'),
    variant: 'destructive',
  });
  const here = `${window.location.pathname}${window.location.search}`;
  setTimeout(() => window.location.assign(signInUrl(here)), timing.unauthorizedRedirectMs);
  return true;
}
