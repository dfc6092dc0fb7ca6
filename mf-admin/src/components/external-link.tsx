import { useAdminText } from './use-admin-text.ts';
import styles from './admin.module.css';

/**
 * An address an advertiser or a user typed, shown whole (so an admin reads where it really goes) and opened
 * in a new tab without our page as its opener or referrer. Only http(s) addresses become links.
 */
export function ExternalLink({ href }: { href: string }) {
  const { t } = useAdminText();
  if (!/^https?:\/\//i.test(href)) return <span className={styles.url}>{href}</span>;
  return (
    <a className={styles.url} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {href}
      <span className="visually-hidden"> {t('opensInNewTab')}</span>
    </a>
  );
}
