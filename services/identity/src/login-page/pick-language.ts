import { supportedLanguages, type Language } from './messages.ts';

export interface LanguageSources {
  query: unknown;
  /** The shell's i18next detector caches the chosen language in this cookie (and in local storage). */
  cookie: unknown;
  /** Best supported match of Accept-Language, or false when none matches. */
  acceptLanguage: string | false;
}

function supported(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  // 'zh-CN', 'fr_FR' and 'ES' all name a language we have.
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return supportedLanguages.find((language) => language === primary);
}

/** ?lang= first, then the i18nextLng cookie, then Accept-Language, then English. */
export function pickLanguage(sources: LanguageSources): Language {
  return supported(sources.query) ?? supported(sources.cookie) ?? supported(sources.acceptLanguage) ?? 'en';
}
