/** Dispatched on window to reopen the cookie consent preferences (the consent dialog listens for it). */
export const OPEN_COOKIE_SETTINGS_EVENT = 'open-cookie-settings';

export function openCookieSettings(): void {
  window.dispatchEvent(new CustomEvent(OPEN_COOKIE_SETTINGS_EVENT));
}
