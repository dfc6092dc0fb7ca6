import type { i18n } from 'i18next';
import { Workbox } from 'workbox-window';

/** False in a development build (shell/webpack.config.ts). */
declare const __SERVICE_WORKER__: boolean;

/**
 * Registers /sw.js. When a new version has installed and waits, the user is asked to reload; the page
 * reloads once the new worker controls it (also when another tab accepted the update). The first
 * installation never reloads. Failures are only logged: the app works without a service worker.
 */
export function registerServiceWorker(i18n: i18n): void {
  if (!('serviceWorker' in navigator)) return;
  if (!__SERVICE_WORKER__) {
    // A development build: a worker left by an earlier production build would serve its old files.
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())));
    return;
  }
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };

  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    if (!window.confirm(i18n.t('shell:update.confirm'))) return;
    workbox.addEventListener('controlling', reload);
    workbox.messageSkipWaiting();
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) reload();
  });
  workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}
