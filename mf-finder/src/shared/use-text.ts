import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nText } from '../domain/i18n-text.ts';

/** Renders the domain's I18nText values with the finder's translations. */
export function useText() {
  const { t, i18n } = useTranslation('finder');
  // The same function until the language changes, so values derived from it can be memoised.
  const text = useCallback((value: I18nText) => t(value.key, value.values ?? {}), [t]);
  return { t, text, locale: i18n.language };
}
