import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useAdminText } from './use-admin-text.ts';
import styles from './admin.module.css';

const sections = [
  { key: 'overview', to: '/admin' },
  { key: 'moderation', to: '/admin/moderation' },
  { key: 'verifications', to: '/admin/verifications' },
  { key: 'claims', to: '/admin/claims' },
  { key: 'laundromats', to: '/admin/laundromats' },
  { key: 'suggestions', to: '/admin/suggestions' },
  { key: 'audit', to: '/admin/audit' },
  { key: 'retention', to: '/admin/retention' },
  { key: 'billing', to: '/admin/billing' },
] as const;

/** Every console page: its title, the sections (a scrolling row on a phone), then the page. */
export function AdminLayout({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useAdminText();
  const nav = useRef<HTMLElement>(null);

  // On a phone the row of sections scrolls: the current one is brought into view.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);

  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  return (
    <div className={styles.page}>
      <nav ref={nav} className={styles.sections} aria-label={t('nav.label')}>
        {sections.map(({ key, to }) => (
          <NavLink key={key} to={to} end className={styles.section}>
            {t(`nav.${key}`)}
          </NavLink>
        ))}
      </nav>
      <header className={styles.head}>
        <div>
          <p className={styles.eyebrow}>{t('console')}</p>
          <h1 className={styles.title}>{title}</h1>
          {intro && <p className={styles.intro}>{intro}</p>}
        </div>
        {actions && <div className={styles.headActions}>{actions}</div>}
      </header>
      {children}
    </div>
  );
}
