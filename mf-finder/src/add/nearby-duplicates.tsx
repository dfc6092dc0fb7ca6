import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NearbyDuplicatesResponse } from '@laundry/contracts';
import { Card } from '@laundry/ui';
import type { Coordinates } from '../domain/geo-distance.ts';
import { formatDistance } from '../domain/distance-display.ts';
import styles from './add.module.css';

/** The name and pin settle for this long before the directory is asked. */
const settleMs = 400;

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), settleMs);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

async function nearbyDuplicates(pin: Coordinates, name: string): Promise<NearbyDuplicatesResponse> {
  const params = new URLSearchParams({ lat: String(pin.latitude), lng: String(pin.longitude), name });
  const response = await fetch(`/api/laundromats/nearby-duplicates?${params.toString()}`, {
    credentials: 'include',
  });
  if (!response.ok) throw new Error(`Nearby duplicates answered ${response.status}`);
  return (await response.json()) as NearbyDuplicatesResponse;
}

/**
 * 'Is it one of these?': listed laundromats of a like name within 100 m of the pin, each a link to its
 * page, so a person does not add again what is listed. Nothing is shown when there are none, or the
 * question cannot be asked (it is a help, not a step).
 */
export function NearbyDuplicates({ pin, name }: { pin: Coordinates | null; name: string }) {
  const { t, i18n } = useTranslation('finder');
  const settled = useSettled(pin && name.trim().length >= 3 ? { pin, name: name.trim() } : null);
  const query = useQuery({
    queryKey: ['nearby-duplicates', settled?.pin.latitude, settled?.pin.longitude, settled?.name],
    queryFn: () => nearbyDuplicates(settled!.pin, settled!.name),
    enabled: settled !== null,
    staleTime: 60_000,
  });
  const items = settled ? (query.data?.items ?? []) : [];
  if (items.length === 0) return null;
  return (
    <Card className={styles.duplicates}>
      <section aria-labelledby="add-duplicates-title" aria-live="polite">
        <h2 id="add-duplicates-title" className={styles.sectionTitle}>
          {t('add.duplicates.title')}
        </h2>
        <p className={styles.hint}>{t('add.duplicates.text', { radius: query.data?.radiusMeters ?? 100 })}</p>
        <ul className={styles.duplicateList}>
          {items.map((item) => (
            <li key={item.id}>
              <a href={`/?l=${encodeURIComponent(item.id)}`}>{item.name}</a>
              <span className={styles.hint}>
                {' '}
                {item.address} ·{' '}
                {t('add.duplicates.away', { distance: formatDistance(item.distanceMeters, i18n.language) })}
              </span>
            </li>
          ))}
        </ul>
        <p className={styles.hint}>{t('add.duplicates.otherwise')}</p>
      </section>
    </Card>
  );
}
