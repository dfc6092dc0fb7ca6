import { useTranslation } from 'react-i18next';
import { Badge, Card } from '@laundry/ui';
import { contributorBadges, type User } from '@laundry/contracts';
import styles from './account.module.css';

/** Points to the next badge tier, or undefined at the top one. */
function pointsToNextBadge(points: number): number | undefined {
  const next = contributorBadges.find((tier) => tier.minPoints > points);
  return next ? next.minPoints - points : undefined;
}

/** The points and badge identity credits for laundromats, reviews and photos. */
export function ContributionsSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation('shell');
  const number = new Intl.NumberFormat(i18n.language);
  const badge = contributorBadges.find((tier) => tier.id === user.contributorBadge);
  const toNext = pointsToNextBadge(user.contributionPoints);
  const counters = [
    ['points', user.contributionPoints],
    ['laundromatsAdded', user.laundromatsAdded],
    ['reviewsWritten', user.reviewsWritten],
    ['photosUploaded', user.photosUploaded],
  ] as const;
  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('account.contributions.title')}</h2>
      <dl className={styles.counters}>
        {counters.map(([key, value]) => (
          <div key={key} className={styles.counter}>
            <dt>{t(`account.contributions.${key}`)}</dt>
            <dd>{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.badgeLine}>
        <span>{t('account.contributions.badge')}</span>{' '}
        {badge ? (
          <Badge tone="info">{t(`account.contributions.${badge.id}`)}</Badge>
        ) : (
          <span className={styles.muted}>
            {t('account.contributions.noBadge', { points: number.format(contributorBadges[0].minPoints) })}
          </span>
        )}
      </p>
      {badge && toNext !== undefined && (
        <p className={styles.muted}>
          {t('account.contributions.nextBadge', { points: number.format(toNext) })}
        </p>
      )}
    </Card>
  );
}
