import { useCallback, useEffect, useState } from 'react';
import type { ConsentSource } from '@laundry/contracts';
import { CONSENT_POLICY_VERSION, FIRST_CONSENT_POLICY_VERSION } from '@laundry/contracts/consent-version';
import { adViewerId, announceConsent, syncAdViewerCookie } from '@laundry/ui/consent';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { OPEN_COOKIE_SETTINGS_EVENT } from '../layout/cookie-settings-event.ts';
import { applyConsent } from './analytics-tag.ts';
import {
  COOKIE_CONSENT_STORAGE_KEY,
  COOKIE_CONSENT_VERSION_STORAGE_KEY,
  accountAtFirstRender,
  isCurrentConsentVersion,
  parseStoredConsent,
  type CookieConsent,
} from './cookie-consent-rules.ts';
import {
  consentRequest,
  fetchServerConsent,
  saveServerConsent,
  settledServerConsent,
  takeServerConsentRequest,
} from './consent-server.ts';

function readStoredConsent(): CookieConsent | null {
  try {
    return parseStoredConsent(localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY));
  } catch (error) {
    console.warn('Could not read the cookie consent', error);
    return null;
  }
}

function readStoredVersion(): string | null {
  try {
    return localStorage.getItem(COOKIE_CONSENT_VERSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeConsent(choice: CookieConsent, version: string): void {
  try {
    localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(choice));
    localStorage.setItem(COOKIE_CONSENT_VERSION_STORAGE_KEY, version);
  } catch (error) {
    console.warn('Could not store the cookie consent', error);
  }
}

const isCurrent = (version: string | null) =>
  isCurrentConsentVersion(version, CONSENT_POLICY_VERSION, FIRST_CONSENT_POLICY_VERSION);

export interface CookieConsentState {
  consent: CookieConsent | null;
  bannerOpen: boolean;
  preferencesOpen: boolean;
  choose: (consent: CookieConsent, source: ConsentSource) => void;
  openPreferences: () => void;
  closePreferences: () => void;
}

export function useCookieConsent(): CookieConsentState {
  const user = useCurrentUser();
  const userId = user.data?.id;
  // Behind the prerendered first screen the shell waits for who is signed in and for the account's choice
  // (bootstrap.tsx), so the banner shows, or not, in the very frame that replaces the first screen's.
  const [atFirstRender] = useState(() =>
    accountAtFirstRender(user.isPending, userId, userId ? settledServerConsent(userId) : undefined),
  );
  const [consent, setConsent] = useState<CookieConsent | null>(
    () => atFirstRender.recorded?.consent ?? readStoredConsent(),
  );
  const [version, setVersion] = useState<string | null>(
    () => atFirstRender.recorded?.version ?? readStoredVersion(),
  );
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  // The banner waits until it is known whether the person's account already holds a choice.
  const [accountChecked, setAccountChecked] = useState(atFirstRender.checked);

  useEffect(() => {
    if (!consent) return;
    try {
      applyConsent(consent);
      // The advertising id exists only while advertising is allowed (docs/product.md, Behaviour).
      syncAdViewerCookie(consent.advertising);
    } catch (error) {
      console.warn('Could not apply the cookie consent', error);
    }
    // The remotes follow the choice too: the finder's ad slots load the ad network only with consent.
    announceConsent(consent);
  }, [consent]);

  // Signed in, the account's choice applies in every browser; a choice made here before signing in is given
  // to an account that has none yet.
  useEffect(() => {
    if (user.isPending) return;
    if (!userId) {
      setAccountChecked(true);
      return;
    }
    let cancelled = false;
    // The answer bootstrap.tsx asked for, if it did; it is stored and acted on here, as a fresh one would be.
    (takeServerConsentRequest(userId) ?? fetchServerConsent())
      .then((state) => {
        if (cancelled || !state) return;
        if (state.consent && state.consentVersion) {
          storeConsent(state.consent, state.consentVersion);
          setConsent(state.consent);
          setVersion(state.consentVersion);
          return;
        }
        const local = readStoredConsent();
        const localVersion = readStoredVersion() ?? FIRST_CONSENT_POLICY_VERSION;
        if (local && isCurrent(localVersion)) {
          void saveServerConsent(consentRequest(local, localVersion, 'browser', adViewerId())).catch(
            () => undefined,
          );
        }
      })
      .catch((error: unknown) => console.warn('Could not read the recorded cookie consent', error))
      .finally(() => {
        if (!cancelled) setAccountChecked(true);
      });
    return () => {
      cancelled = true;
    };
  }, [user.isPending, userId]);

  useEffect(() => {
    const open = () => setPreferencesOpen(true);
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
  }, []);

  const choose = useCallback(
    (choice: CookieConsent, source: ConsentSource) => {
      // Read before the choice is applied: without advertising consent the cookie is removed then.
      const viewerId = adViewerId();
      storeConsent(choice, CONSENT_POLICY_VERSION);
      setConsent(choice);
      setVersion(CONSENT_POLICY_VERSION);
      setPreferencesOpen(false);
      if (userId) {
        saveServerConsent(consentRequest(choice, CONSENT_POLICY_VERSION, source, viewerId)).catch(
          (error: unknown) => console.warn('Could not record the cookie consent', error),
        );
      }
    },
    [userId],
  );

  return {
    consent,
    // No choice yet, or one given to an older policy: the banner asks (again).
    bannerOpen: accountChecked && (consent === null || !isCurrent(version)),
    preferencesOpen,
    choose,
    openPreferences: useCallback(() => setPreferencesOpen(true), []),
    closePreferences: useCallback(() => setPreferencesOpen(false), []),
  };
}
