import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { fallbackLanguage, languageCookieName, languageStorageKey, supportedLanguages } from './languages.ts';

/**
 * English by namespace, named one by one so the build leaves out what the first load does not need: every
 * byte of English here is in it. The advertiser's and admin's English come with their pages
 * (english-on-demand.ts); the servers' own pages (loginPage, billingCheckout) are not the shell's.
 */
const bundledEnglish = {
  common: en.common,
  // Without the pages' long texts (legal, account, help, owners), which come with them: deferred-english.ts.
  shell: {
    header: en.shell.header,
    userMenu: en.shell.userMenu,
    mobileMenu: en.shell.mobileMenu,
    footer: en.shell.footer,
    cookies: en.shell.cookies,
    install: en.shell.install,
    offline: en.shell.offline,
    connection: en.shell.connection,
    update: en.shell.update,
    remoteError: en.shell.remoteError,
    notFound: en.shell.notFound,
    toast: en.shell.toast,
  },
  // Without the English of the detail's parts (reviews, photos, suggested edits) and of the other pages,
  // which come with the detail and those pages.
  finder: {
    hero: en.finder.hero,
    search: en.finder.search,
    view: en.finder.view,
    mobileBar: en.finder.mobileBar,
    filters: en.finder.filters,
    amenities: en.finder.amenities,
    results: en.finder.results,
    sort: en.finder.sort,
    status: en.finder.status,
    badges: en.finder.badges,
    rating: en.finder.rating,
    map: en.finder.map,
    // Only a card's price; the rest of the detail's English comes with the detail.
    detail: { fromPerLoad: en.finder.detail.fromPerLoad },
    messages: en.finder.messages,
    ads: en.finder.ads,
    // Only what a card's or marker's live badge says; the detail's live section comes with the detail.
    live: {
      heading: en.finder.live.heading,
      justNow: en.finder.live.justNow,
      minutesShort: en.finder.live.minutesShort,
      byVisitors: en.finder.live.byVisitors,
      fromMachines: en.finder.live.fromMachines,
      badgeFreeOf: en.finder.live.badgeFreeOf,
      badgeFree: en.finder.live.badgeFree,
      badgeFull: en.finder.live.badgeFull,
    },
  },
};
/** For the test that every English key is either bundled here or deferred. */
export const bundledEnglishForTest = bundledEnglish;
type BundledNamespace = keyof typeof bundledEnglish;
const isBundled = (namespace: string): namespace is BundledNamespace => namespace in bundledEnglish;

async function loadNamespace(language: string, namespace: string): Promise<unknown> {
  if (language === fallbackLanguage) {
    if (isBundled(namespace)) return bundledEnglish[namespace];
    const { onDemandEnglish } = await import('./english-on-demand.ts');
    return onDemandEnglish[namespace as keyof typeof onDemandEnglish];
  }
  // English is bundled above; keeping it out of this import lets the build drop its unused parts.
  const file = (await import(/* webpackExclude: /en\.json$/ */ `../locales/${language}.json`)) as {
    default: Record<string, unknown>;
  };
  return file.default[namespace];
}

/**
 * The one i18next instance of the page, created by the shell; remotes reach it through the shared
 * react-i18next singleton. English is bundled (it is the fallback); other languages load on demand.
 */
export async function createI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(LanguageDetector).use(initReactI18next).use(resourcesToBackend(loadNamespace));
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    document.documentElement.dir = instance.dir(language);
  });
  await instance.init({
    resources: { en: bundledEnglish },
    partialBundledLanguages: true,
    supportedLngs: [...supportedLanguages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: fallbackLanguage,
    // Only what every page needs is loaded before the first render; a remote's namespace loads with it.
    ns: Object.keys(bundledEnglish),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator', 'htmlTag'],
      lookupLocalStorage: languageStorageKey,
      // The cookie tells the server which language to send the prerendered first screen in.
      caches: ['localStorage', 'cookie'],
      lookupCookie: languageCookieName,
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: '/', sameSite: 'lax' },
    },
  });
  return instance;
}
