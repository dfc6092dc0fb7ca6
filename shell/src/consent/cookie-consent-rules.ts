export const COOKIE_CONSENT_STORAGE_KEY = 'cookie-consent';

export interface CookieConsent {
  /** Always true: the site cannot work without these. */
  necessary: true;
  analytics: boolean;
  advertising: boolean;
}

export const acceptAllConsent: CookieConsent = { necessary: true, analytics: true, advertising: true };
export const necessaryOnlyConsent: CookieConsent = { necessary: true, analytics: false, advertising: false };

/** The stored choice, or null when there is none (first visit) or it cannot be read. */
export function parseStoredConsent(stored: string | null): CookieConsent | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { analytics, advertising } = value as Record<string, unknown>;
    if (typeof analytics !== 'boolean' || typeof advertising !== 'boolean') return null;
    return { necessary: true, analytics, advertising };
  } catch {
    return null;
  }
}

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
