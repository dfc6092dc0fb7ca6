import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openCookieSettings } from './cookie-settings-event.ts';
import styles from './layout.module.css';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <nav className={styles.footerLinks} aria-label={t('footer.legalLinks')}>
          <Link to="/privacy">{t('footer.privacy')}</Link>
          <Link to="/terms">{t('footer.terms')}</Link>
          <Link to="/cookie-policy">{t('footer.cookiePolicy')}</Link>
          <button type="button" className={styles.linkButton} onClick={openCookieSettings}>
            {t('footer.cookieSettings')}
          </button>
        </nav>
      </div>
    </footer>
  );
}
