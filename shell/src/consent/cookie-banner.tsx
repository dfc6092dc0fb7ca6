import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@laundry/ui';
import { acceptAllConsent, necessaryOnlyConsent, type CookieConsent } from './cookie-consent-rules.ts';
import styles from './consent.module.css';

export interface CookieBannerProps {
  onChoose: (consent: CookieConsent) => void;
  onCustomize: () => void;
}

export function CookieBanner({ onChoose, onCustomize }: CookieBannerProps) {
  const { t } = useTranslation('shell');
  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-title">
      <div className={styles.bannerInner}>
        <div className={styles.bannerText}>
          <h2 id="cookie-banner-title" className={styles.bannerTitle}>
            {t('cookies.banner.title')}
          </h2>
          <p className={styles.text}>
            {t('cookies.banner.text')} <Link to="/privacy">{t('cookies.banner.privacyLink')}</Link>
            {' · '}
            <Link to="/cookie-policy">{t('cookies.banner.cookiePolicyLink')}</Link>
          </p>
        </div>
        <div className={styles.bannerActions}>
          <Button onClick={() => onChoose(acceptAllConsent)}>{t('cookies.banner.acceptAll')}</Button>
          <Button variant="secondary" onClick={() => onChoose(necessaryOnlyConsent)}>
            {t('cookies.banner.necessaryOnly')}
          </Button>
          <Button variant="ghost" onClick={onCustomize}>
            {t('cookies.banner.customize')}
          </Button>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className={styles.bannerClose}
          aria-label={t('cookies.banner.close')}
          onClick={() => onChoose(necessaryOnlyConsent)}
        >
          <span aria-hidden="true">✕</span>
        </Button>
      </div>
    </section>
  );
}
