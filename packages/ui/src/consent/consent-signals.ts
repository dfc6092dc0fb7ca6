/**
 * The visitor's cookie choice as every app of the page reads it: the shell stores and applies it, and
 * announces each application on `window`; a remote (the finder's ad slots) reads it and follows the
 * announcements. Plain functions over local storage, a window event and one cookie, so the shell, the
 * remotes and the prerender script (in Node) can all import it without the design system's styles.
 */

/** docs/product.md, Data: the local storage key of the cookie consent. */
export const COOKIE_CONSENT_STORAGE_KEY = 'cookie-consent';

/** Dispatched on window each time a choice is applied (on load and on every change); detail is the choice. */
export const COOKIE_CONSENT_CHANGE_EVENT = 'cookie-consent-change';

/** The first-party advertising id the ad service caps frequency by; set only with advertising consent. */
export const AD_VIEWER_COOKIE = 'lf_ad_id';
/** Chromium keeps a cookie at most 400 days; the id is renewed with each visit that applies consent. */
const AD_VIEWER_COOKIE_MAX_AGE_SECONDS = 390 * 24 * 60 * 60;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface CookieConsent {
  /** Always true: the site cannot work without these. */
  necessary: true;
  analytics: boolean;
  advertising: boolean;
}

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

/** The choice stored in this browser, or null (none yet, or storage is blocked). */
export function readStoredConsent(): CookieConsent | null {
  try {
    return parseStoredConsent(localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Tells the page's other apps that this choice now applies. */
export function announceConsent(consent: CookieConsent): void {
  window.dispatchEvent(new CustomEvent<CookieConsent>(COOKIE_CONSENT_CHANGE_EVENT, { detail: consent }));
}

/** Calls `listener` with each choice applied from now on; returns the unsubscribe. */
export function onConsentChange(listener: (consent: CookieConsent) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<CookieConsent>).detail);
  window.addEventListener(COOKIE_CONSENT_CHANGE_EVENT, handle);
  return () => window.removeEventListener(COOKIE_CONSENT_CHANGE_EVENT, handle);
}

/** crypto.randomUUID exists only in secure contexts; the embedded mode may be opened over http on a LAN. */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The advertising id this browser holds, or null. */
export function adViewerId(): string | null {
  const pair = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${AD_VIEWER_COOKIE}=`));
  const value = pair?.slice(AD_VIEWER_COOKIE.length + 1) ?? '';
  return uuidPattern.test(value) ? value : null;
}

/**
 * With advertising consent, makes sure the browser holds a random first-party id (kept if it has one);
 * without it, removes any. Nothing identifies the visitor beyond this id, and only the ad service reads it.
 */
export function syncAdViewerCookie(advertising: boolean): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  if (advertising) {
    const id = adViewerId() ?? randomId();
    document.cookie = `${AD_VIEWER_COOKIE}=${id}; Path=/; Max-Age=${AD_VIEWER_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  } else if (document.cookie.includes(`${AD_VIEWER_COOKIE}=`)) {
    document.cookie = `${AD_VIEWER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  }
}
