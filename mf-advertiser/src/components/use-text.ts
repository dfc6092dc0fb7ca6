import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyText, type I18nText } from '../domain/i18n-text.ts';
import { serverMessageTextOf } from '../domain/validation-messages.ts';

/**
 * The advertiser's translations, I18nText values of the domain rendered with them, and what a failed call
 * says, in the reader's language ('Please try again later' when the server said nothing).
 */
export function useText() {
  const { t, i18n } = useTranslation('advertiser');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const text = useCallback(
    (value: I18nText) =>
      t(value.key, {
        ...value.values,
        ...Object.fromEntries(
          Object.entries(value.money ?? {}).map(([name, money]) => [name, moneyText(money, locale)]),
        ),
      }),
    [t, locale],
  );
  const failure = useCallback(
    (error: unknown) => {
      const message = serverMessageTextOf(error);
      return message ? text(message) : t('common:status.tryAgainLater');
    },
    [t, text],
  );
  return { t, text, failure, locale };
}
