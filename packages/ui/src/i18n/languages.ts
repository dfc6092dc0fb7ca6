export const supportedLanguages = ['en', 'zh', 'hi', 'es', 'fr'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];
export const fallbackLanguage: SupportedLanguage = 'en';
export const namespaces = ['common', 'shell', 'finder', 'advertiser', 'admin'] as const;

/** The local-storage key the language choice is cached under (docs/product.md, Languages). */
export const languageStorageKey = 'i18nextLng';
/** The cookie the choice is mirrored into, so the server can send the first screen in that language. */
export const languageCookieName = 'i18next';

export function isSupportedLanguage(value: string): value is SupportedLanguage {
  return (supportedLanguages as readonly string[]).includes(value);
}
