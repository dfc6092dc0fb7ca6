import { useQuery } from '@tanstack/react-query';
import type { LaundromatPointsResponse } from '@laundry/contracts';
import { getJson } from '../api/http-client.ts';
import { ExploreMap } from '../explore/explore-map.tsx';
import { useText } from '../shared/use-text.ts';
import styles from '../explore/explore.module.css';

const pointsKey = ['/api/laundromats/points'] as const;

/** Explore: every laundromat we know on one world map, clustered, each a click away from its detail. */
export default function ExplorePage() {
  const { t, locale } = useText();
  const points = useQuery({
    queryKey: pointsKey,
    queryFn: async () => (await getJson<LaundromatPointsResponse>(pointsKey)).data,
    // The server reads them afresh once a minute; sooner would bring the same answer.
    staleTime: 60_000,
  });
  const count = points.data?.count;

  return (
    <section className={styles.page}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{t('explore.title')}</h1>
        <p className={styles.count} role="status" data-testid="explore-count">
          {count !== undefined && t('explore.count', { count, formattedCount: count.toLocaleString(locale) })}
          {points.isError && t('common:status.unexpectedError')}
        </p>
      </div>
      <div className={styles.mapBox}>
        <ExploreMap points={points.data?.points} />
      </div>
    </section>
  );
}
