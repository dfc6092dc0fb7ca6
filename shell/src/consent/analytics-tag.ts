import { consentModeUpdate, type CookieConsent } from './cookie-consent-rules.ts';

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/**
 * The analytics tag's command queue. No third-party script is loaded: commands wait in `window.dataLayer`,
 * where a tag loaded later (or a test) reads them. Defaults are denied until a choice is applied.
 */
function analyticsTag(): Gtag {
  if (window.gtag) return window.gtag;
  window.dataLayer ??= [];
  const gtag: Gtag = function gtag() {
    // The tag expects the Arguments object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer?.push(arguments);
  };
  window.gtag = gtag;
  gtag('consent', 'default', consentModeUpdate({ necessary: true, analytics: false, advertising: false }));
  return gtag;
}

export function applyConsent(consent: CookieConsent): void {
  analyticsTag()('consent', 'update', consentModeUpdate(consent));
}
