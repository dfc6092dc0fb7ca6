export const supportedLanguages = ['en', 'zh', 'hi', 'es', 'fr'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];
export const fallbackLanguage: SupportedLanguage = 'en';
export const namespaces = ['common', 'shell', 'finder', 'advertiser'] as const;

/** The local-storage key the language choice is cached under (spec §1). */
export const languageStorageKey = 'i18nextLng';

export function isSupportedLanguage(value: string): value is SupportedLanguage {
  return (supportedLanguages as readonly string[]).includes(value);
}
