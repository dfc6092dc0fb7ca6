import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nText } from '@laundry/ui';

/** The admin namespace's t, I18nText rendering and dates in the page's language. */
export function useAdminText() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const text = useCallback((value: I18nText) => t(value.key, value.values ?? {}), [t]);
  const format = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  const dateTime = useCallback(
    (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : format.format(date);
    },
    [format],
  );
  return { t, text, dateTime, locale };
}
