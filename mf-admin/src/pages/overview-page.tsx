import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  adminKey,
  auditPage,
  moderationQueue,
  submissionsPage,
  verificationQueue,
} from '../api/admin-queries.ts';
import { emptyAuditFilters } from '../domain/audit-filters.ts';
import { errorText } from '../domain/admin-errors.ts';
import { AdminLayout } from '../components/admin-layout.tsx';
import { useAdminText } from '../components/use-admin-text.ts';
import styles from '../components/admin.module.css';

interface TileProps {
  label: string;
  to: string;
  linkText: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: number | undefined };
  testId: string;
}

/** What waits for an admin, each count leading to its queue, and the latest entries of the audit log. */
export default function OverviewPage() {
  const { t, dateTime } = useAdminText();
  const moderation = useQuery({ ...moderationQueue('pending'), select: (items) => items.length });
  const verifications = useQuery({ ...verificationQueue('pending'), select: (items) => items.length });
  const laundromats = useQuery({
    queryKey: [adminKey, 'laundromats', 'count'],
    queryFn: () => submissionsPage(null, 1),
    select: (page) => page.total,
  });
  const recent = useQuery({
    queryKey: [adminKey, 'audit', 'recent'],
    queryFn: () => auditPage(emptyAuditFilters, null),
    select: (page) => page.entries.slice(0, 5),
  });

  return (
    <AdminLayout title={t('overview.title')} intro={t('overview.intro')}>
      <div className={styles.tiles}>
        <Tile
          label={t('overview.moderation')}
          to="/admin/moderation"
          linkText={t('overview.openModeration')}
          query={moderation}
          testId="tile-moderation"
        />
        <Tile
          label={t('overview.verifications')}
          to="/admin/verifications"
          linkText={t('overview.openVerifications')}
          query={verifications}
          testId="tile-verifications"
        />
        <Tile
          label={t('overview.laundromats')}
          to="/admin/laundromats"
          linkText={t('overview.openLaundromats')}
          query={laundromats}
          testId="tile-laundromats"
        />
      </div>
      <section className={styles.recent} aria-labelledby="admin-recent">
        <h2 id="admin-recent" className={styles.subheading}>
          {t('overview.recent')}
        </h2>
        {recent.isPending ? (
          <p className={styles.muted}>{t('loading')}</p>
        ) : recent.isError ? (
          <p className={styles.muted}>{t(errorText(recent.error).key)}</p>
        ) : recent.data.length === 0 ? (
          <p className={styles.muted}>{t('audit.emptyText')}</p>
        ) : (
          <ul className={styles.recentList}>
            {recent.data.map((entry) => (
              <li key={entry.id} className={styles.recentItem}>
                <time className={styles.muted} dateTime={entry.createdAt}>
                  {dateTime(entry.createdAt)}
                </time>
                <span className={styles.recentAction}>{entry.action}</span>
                <span className={entry.status === 'failure' ? styles.outcomeFailure : styles.outcome}>
                  {t(`audit.outcome.${entry.status}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/admin/audit">{t('overview.openAudit')}</Link>
        </p>
      </section>
    </AdminLayout>
  );
}

function Tile({ label, to, linkText, query, testId }: TileProps) {
  const { t } = useAdminText();
  const value = query.isPending ? '…' : query.isError ? '—' : String(query.data ?? 0);
  return (
    <Link to={to} className={styles.tile} data-testid={testId}>
      <p className={styles.tileLabel}>{label}</p>
      <p className={styles.tileValue}>{value}</p>
      {query.isError && <p className={styles.muted}>{t(errorText(query.error).key)}</p>}
      <span className={styles.tileLink}>{linkText} →</span>
    </Link>
  );
}
