import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { supportedLanguages } from '@laundry/ui';
import styles from './layout.module.css';

export function LanguageSelector({ className }: { className?: string }) {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="visually-hidden">
        {t('shell:header.languageSelector')}
      </label>
      <select
        id={id}
        className={styles.languageSelect}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {supportedLanguages.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`common:languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
