import { useCallback, useEffect, useState } from 'react';
import { announceConsent, syncAdViewerCookie } from '@laundry/ui/consent';
import { OPEN_COOKIE_SETTINGS_EVENT } from '../layout/cookie-settings-event.ts';
import { applyConsent } from './analytics-tag.ts';
import {
  COOKIE_CONSENT_STORAGE_KEY,
  parseStoredConsent,
  type CookieConsent,
} from './cookie-consent-rules.ts';

function readStoredConsent(): CookieConsent | null {
  try {
    return parseStoredConsent(localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY));
  } catch (error) {
    console.warn('Could not read the cookie consent', error);
    return null;
  }
}

export interface CookieConsentState {
  consent: CookieConsent | null;
  bannerOpen: boolean;
  preferencesOpen: boolean;
  choose: (consent: CookieConsent) => void;
  openPreferences: () => void;
  closePreferences: () => void;
}

export function useCookieConsent(): CookieConsentState {
  const [consent, setConsent] = useState<CookieConsent | null>(readStoredConsent);
  const [bannerOpen, setBannerOpen] = useState(() => consent === null);
  const [preferencesOpen, setPreferencesOpen] = useState(false);

  useEffect(() => {
    if (!consent) return;
    try {
      applyConsent(consent);
      // The advertising id exists only while advertising is allowed (spec §2 cookie consent).
      syncAdViewerCookie(consent.advertising);
    } catch (error) {
      console.warn('Could not apply the cookie consent', error);
    }
    // The remotes follow the choice too: the finder's ad slots load the ad network only with consent.
    announceConsent(consent);
  }, [consent]);

  useEffect(() => {
    const open = () => setPreferencesOpen(true);
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
  }, []);

  const choose = useCallback((choice: CookieConsent) => {
    try {
      localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(choice));
    } catch (error) {
      console.warn('Could not store the cookie consent', error);
    }
    setConsent(choice);
    setBannerOpen(false);
    setPreferencesOpen(false);
  }, []);

  return {
    consent,
    bannerOpen,
    preferencesOpen,
    choose,
    openPreferences: useCallback(() => setPreferencesOpen(true), []),
    closePreferences: useCallback(() => setPreferencesOpen(false), []),
  };
}
