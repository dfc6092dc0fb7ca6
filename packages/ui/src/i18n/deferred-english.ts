import { getI18n } from 'react-i18next';

let loading: Promise<void> | undefined;

/**
 * Adds the English the first load leaves out (a page's long texts, the add form, the suggested edit) to the
 * page's i18next instance. A lazy page awaits it beside its own chunk, so it never renders a missing key;
 * the other languages load whole namespaces and need nothing more.
 */
export function loadDeferredEnglish(): Promise<void> {
  loading ??= import('./english-on-demand.ts').then(({ deferredEnglish }) => {
    const i18n = getI18n();
    for (const [namespace, parts] of Object.entries(deferredEnglish)) {
      i18n.addResourceBundle('en', namespace, parts, true, false);
    }
  });
  return loading;
}

/** A lazy page's import that resolves once the deferred English is there too. */
export const withDeferredEnglish =
  <T>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadDeferredEnglish()]))[0];
