import type { CookieConsent } from '@laundry/ui/consent';

// The choice's storage key, shape and parsing are shared with the remotes (the finder's ad slots read it).
export { COOKIE_CONSENT_STORAGE_KEY, parseStoredConsent, type CookieConsent } from '@laundry/ui/consent';

/** The policy version the stored choice was given to (beside the choice, whose shape the contracts fix). */
export const COOKIE_CONSENT_VERSION_STORAGE_KEY = 'cookie-consent-version';

/**
 * Whether a choice given to `recorded` still stands under `current`: versions are dates, so a later one is a
 * larger string. A choice stored before versions were recorded counts as the first versioned policy's.
 */
export function isCurrentConsentVersion(recorded: string | null, current: string, first: string): boolean {
  return (recorded ?? first) >= current;
}

/**
 * What is known of the account's choice at the banner's first render: `checked` once it is known whether an
 * account holds a choice (signed out, none can), with the recorded choice if it does. `answer` is the answer
 * to GET /api/me/consent if it has come (undefined state: it could not be read).
 */
export function accountAtFirstRender(
  userPending: boolean,
  userId: string | undefined,
  answer: { state: { consent: CookieConsent | null; consentVersion: string | null } | undefined } | undefined,
): { checked: boolean; recorded?: { consent: CookieConsent; version: string } } {
  if (userPending) return { checked: false };
  if (!userId) return { checked: true };
  if (!answer) return { checked: false };
  const { consent, consentVersion } = answer.state ?? {};
  return consent && consentVersion
    ? { checked: true, recorded: { consent, version: consentVersion } }
    : { checked: true };
}

export const acceptAllConsent: CookieConsent = { necessary: true, analytics: true, advertising: true };
export const necessaryOnlyConsent: CookieConsent = { necessary: true, analytics: false, advertising: false };

export type ConsentState = 'granted' | 'denied';

export interface ConsentModeUpdate {
  analytics_storage: ConsentState;
  ad_storage: ConsentState;
  ad_user_data: ConsentState;
  ad_personalization: ConsentState;
}

/** The analytics tag's consent update: analytics storage follows analytics, the ad signals follow advertising. */
export function consentModeUpdate(consent: CookieConsent): ConsentModeUpdate {
  const state = (granted: boolean): ConsentState => (granted ? 'granted' : 'denied');
  return {
    analytics_storage: state(consent.analytics),
    ad_storage: state(consent.advertising),
    ad_user_data: state(consent.advertising),
    ad_personalization: state(consent.advertising),
  };
}
