import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LaundromatListResponse } from '@laundry/contracts';
import { Badge, buttonClassName } from '@laundry/ui';
import { getJson } from '../api/http-client.ts';
import { finderLinkTo, laundromatsAtPoint, pointLookupKey } from '../domain/explore-points.ts';
import type { Coordinates } from '../domain/geo-distance.ts';
import { laundromatPopupContent } from '../map/popup-content.ts';
import { LiveBadge } from '../live/live-badge.tsx';
import mapStyles from '../map/laundromat-map.module.css';
import styles from './explore.module.css';

/**
 * What a laundromat's point stands for, asked for when it is clicked: name, address, open status now and
 * rating, with a link that opens its detail in the finder. Two laundromats sharing a point are both shown.
 */
export function ExplorePopup({ at }: { at: Coordinates }) {
  const { t, i18n } = useTranslation(['finder', 'common']);
  const key = pointLookupKey(at);
  const nearest = useQuery({
    queryKey: key,
    queryFn: async () => (await getJson<LaundromatListResponse>(key)).data?.items ?? [],
  });

  if (nearest.isPending) return <p className={mapStyles.popupAddress}>{t('results.loading')}</p>;
  const here = laundromatsAtPoint(nearest.data ?? []);
  if (here.length === 0)
    return <p className={mapStyles.popupAddress}>{t('common:status.unexpectedError')}</p>;
  const now = new Date();
  return (
    <ul className={styles.popupList}>
      {here.map((laundromat) => {
        const content = laundromatPopupContent(laundromat, i18n.language, now);
        return (
          <li key={laundromat.id} className={mapStyles.popupBody}>
            <p className={mapStyles.popupTitle}>{content.name}</p>
            <p className={mapStyles.popupAddress}>{content.address}</p>
            <p className={mapStyles.popupMeta}>
              <Badge tone={content.badge.tone}>
                {t(content.badge.label.key, content.badge.label.values)}
              </Badge>
              <span className={mapStyles.popupRating}>
                <span aria-hidden="true">★</span> {t(content.rating.key, content.rating.values)}
              </span>
              <LiveBadge live={laundromat.live} now={now} />
            </p>
            <Link className={buttonClassName('primary', 'small')} to={finderLinkTo(laundromat)}>
              {t('explore.details')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
