import { buttonClassName } from '@laundry/ui';
import { signInUrl } from '../api/sign-in.ts';
import { useText } from '../components/use-text.ts';
import styles from './setup.module.css';

const features = [
  {
    key: 'target',
    icon: 'M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z',
  },
  {
    key: 'geo',
    icon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.9A8 8 0 0 1 18.9 8ZM12 4a14 14 0 0 1 1.9 4h-3.8A14 14 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.6 16.6 0 0 0 0 4Zm.8 2h3a15.7 15.7 0 0 0 1.4 3.9A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.4-3.9A15.7 15.7 0 0 0 8.1 8ZM12 20a14 14 0 0 1-1.9-4h3.8A14 14 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.2 5.9a15.7 15.7 0 0 0 1.4-3.9h3a8 8 0 0 1-4.4 3.9Zm1.8-5.9a16.6 16.6 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4Z',
  },
  {
    key: 'pay',
    icon: 'M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6Zm2 0v2h14V6H5Zm0 5v7h14v-7H5Zm2 4h5v2H7v-2Z',
  },
  { key: 'analytics', icon: 'M4 20V10h3v10H4Zm6.5 0V4h3v16h-3ZM17 20v-7h3v7h-3Z' },
] as const;

/**
 * docs/product.md, Pages: what advertising here offers, and 'Sign In to Get Started' (a full-page sign-in).
 */
export function Pitch() {
  const { t } = useText();
  return (
    <div className={styles.pitch}>
      <section className={styles.hero} aria-labelledby="pitch-title">
        <h1 id="pitch-title" className={styles.heroTitle}>
          {t('setup.pitch.title')}
        </h1>
        <p className={styles.heroText}>{t('setup.pitch.subtitle')}</p>
        <a className={`${buttonClassName()} ${styles.cta}`} href={signInUrl('/advertiser/setup')}>
          {t('setup.pitch.signIn')}
        </a>
      </section>
      <ul className={styles.features} aria-label={t('setup.pitch.featuresLabel')}>
        {features.map(({ key, icon }) => (
          <li key={key} className={styles.feature}>
            <span className={styles.featureIcon} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor">
                <path d={icon} />
              </svg>
            </span>
            <h2 className={styles.featureTitle}>{t(`setup.pitch.${key}Title`)}</h2>
            <p className={styles.featureText}>{t(`setup.pitch.${key}Text`)}</p>
          </li>
        ))}
      </ul>
      <p className={styles.pitchFoot}>{t('setup.pitch.footnote')}</p>
    </div>
  );
}
