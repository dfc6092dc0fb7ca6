import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './pages.module.css';

/** The questions people ask, in the order they meet them: finding, judging, contributing, then the app. */
export const helpTopics = [
  'search',
  'openStatus',
  'prices',
  'reviews',
  'photos',
  'offline',
  'install',
  'privacy',
  'advertising',
] as const;

/** Help: short answers to what users ask, each under its own heading so the page can be skimmed. */
export function HelpPage() {
  const { t } = useTranslation('shell');
  const title = t('help.title');

  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  return (
    <article className={styles.article}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.muted}>{t('help.intro')}</p>
      {helpTopics.map((topic) => (
        <section key={topic} aria-labelledby={`help-${topic}`}>
          <h2 id={`help-${topic}`} className={styles.sectionTitle}>
            {t(`help.topics.${topic}.question`)}
          </h2>
          <p>{t(`help.topics.${topic}.answer`)}</p>
        </section>
      ))}
      <p className={styles.muted}>
        <Link to="/privacy">{t('help.privacyLink')}</Link> ·{' '}
        <Link to="/for-owners">{t('help.ownersLink')}</Link>
      </p>
    </article>
  );
}
