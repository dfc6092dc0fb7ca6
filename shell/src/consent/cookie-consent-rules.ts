import type { CookieConsent } from '@laundry/ui/consent';

// The choice's storage key, shape and parsing are shared with the remotes (the finder's ad slots read it).
export { COOKIE_CONSENT_STORAGE_KEY, parseStoredConsent, type CookieConsent } from '@laundry/ui/consent';

/** The policy version the stored choice was given to (beside the choice, whose shape spec §3 fixes). */
export const COOKIE_CONSENT_VERSION_STORAGE_KEY = 'cookie-consent-version';

/**
 * Whether a choice given to `recorded` still stands under `current`: versions are dates, so a later one is a
 * larger string. A choice stored before versions were recorded counts as the first versioned policy's.
 */
export function isCurrentConsentVersion(recorded: string | null, current: string, first: string): boolean {
  return (recorded ?? first) >= current;
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
