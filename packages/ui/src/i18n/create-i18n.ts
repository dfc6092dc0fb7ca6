import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import {
  fallbackLanguage,
  languageCookieName,
  languageStorageKey,
  namespaces,
  supportedLanguages,
} from './languages.ts';

/**
 * English by namespace, named one by one so the build leaves out what only the servers' own pages use
 * (loginPage, billingCheckout): every byte of English here is in the first load.
 */
const bundledEnglish = {
  common: en.common,
  shell: en.shell,
  finder: en.finder,
  advertiser: en.advertiser,
  admin: en.admin,
};

/**
 * The one i18next instance of the page, created by the shell; remotes reach it through the shared
 * react-i18next singleton. English is bundled (it is the fallback); other languages load on demand.
 */
export async function createI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  instance
    .use(LanguageDetector)
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (language: string, namespace: string) => {
        // English is bundled below; keeping it out of this import lets the build drop its unused parts.
        if (language === fallbackLanguage) return bundledEnglish[namespace as keyof typeof bundledEnglish];
        const file = (await import(/* webpackExclude: /en\.json$/ */ `../locales/${language}.json`)) as {
          default: Record<string, unknown>;
        };
        return file.default[namespace];
      }),
    );
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
    ns: [...namespaces],
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
