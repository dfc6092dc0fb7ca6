import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nText } from '../domain/i18n-text.ts';

/** The advertiser's translations, and I18nText values of the domain rendered with them. */
export function useText() {
  const { t, i18n } = useTranslation('advertiser');
  const text = useCallback((value: I18nText) => t(value.key, value.values ?? {}), [t]);
  return { t, text, locale: i18n.resolvedLanguage ?? i18n.language };
}
