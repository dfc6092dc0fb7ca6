import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GeocodeResponse, Laundromat, OwnerLaundromatsResponse } from '@laundry/contracts';
import { Button } from '@laundry/ui';
import { getJson } from '../api/http.ts';
import { useText } from '../components/use-text.ts';
import type { TargetArea } from '../domain/campaign-form.ts';
import { statusOf } from '../domain/api-errors.ts';
import { radiusLimits } from '../domain/geo-circle.ts';
import formStyles from '../components/form.module.css';
import styles from './campaign.module.css';

/** The laundromats the person owns (a verified claim), with their places; none for anyone else. */
async function fetchOwnLaundromats(): Promise<Laundromat[]> {
  let owned: OwnerLaundromatsResponse;
  try {
    owned = await getJson<OwnerLaundromatsResponse>('/api/owner/laundromats');
  } catch (error) {
    if (statusOf(error) === 401 || statusOf(error) === 404) return [];
    throw error;
  }
  return Promise.all(
    owned.verified.map((claim) => getJson<Laundromat>(`/api/laundromats/${claim.laundromatId}`)),
  );
}

/** Around an owner's laundromat: the neighbourhood most of its customers walk or drive from. */
const aroundLaundromatKm = 5;

/**
 * Two ways to place the area besides the map: a place or address found by the product's geocoder (the
 * radius stays what it was), and, for an owner, 'Around' each of their laundromats.
 */
export function AreaFinder({
  area,
  onChange,
}: {
  area: TargetArea | null;
  onChange: (area: TargetArea) => void;
}) {
  const { t } = useText();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<{ kind: 'found' | 'none' | 'failed'; text: string } | null>(null);
  const [searching, setSearching] = useState(false);
  const owned = useQuery({ queryKey: ['/api/owner/laundromats', 'places'], queryFn: fetchOwnLaundromats });

  const find = async () => {
    const text = query.trim();
    if (!text || searching) return;
    setSearching(true);
    try {
      const { results } = await getJson<GeocodeResponse>(`/api/geocode?q=${encodeURIComponent(text)}`);
      const place = results[0];
      if (!place) throw Object.assign(new Error('none'), { none: true });
      onChange({
        latitude: place.latitude,
        longitude: place.longitude,
        radiusKm: area?.radiusKm ?? radiusLimits.defaultKm,
      });
      setStatus({ kind: 'found', text: t('targeting.find.centred', { place: place.displayName }) });
    } catch (error) {
      const none = statusOf(error) === 404 || (error as { none?: boolean }).none === true;
      setStatus(
        none
          ? { kind: 'none', text: t('targeting.find.none', { query: text }) }
          : { kind: 'failed', text: t('targeting.find.failed') },
      );
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className={styles.areaFinder}>
      <div className={formStyles.field}>
        <label htmlFor="campaign-area-find">{t('targeting.find.label')}</label>
        <div className={styles.findRow}>
          <input
            id="campaign-area-find"
            type="search"
            value={query}
            maxLength={200}
            placeholder={t('targeting.find.placeholder')}
            onChange={(event) => setQuery(event.target.value)}
            // Enter finds the place; it must not submit the campaign form around it.
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void find();
              }
            }}
            className={formStyles.input}
          />
          <Button variant="secondary" onClick={() => void find()} disabled={searching || !query.trim()}>
            {t('targeting.find.button')}
          </Button>
        </div>
        {status && (
          <p
            className={status.kind === 'found' ? formStyles.hint : formStyles.error}
            role="status"
            data-testid="area-find-status"
          >
            {status.text}
          </p>
        )}
      </div>
      {(owned.data?.length ?? 0) > 0 && (
        <div className={styles.aroundRow} role="group" aria-label={t('targeting.around.label')}>
          {owned.data!.map((laundromat) => (
            <Button
              key={laundromat.id}
              variant="secondary"
              onClick={() => {
                onChange({
                  latitude: laundromat.latitude,
                  longitude: laundromat.longitude,
                  radiusKm: aroundLaundromatKm,
                });
                setStatus({ kind: 'found', text: t('targeting.find.centred', { place: laundromat.name }) });
              }}
            >
              {t('targeting.around.button', { name: laundromat.name })}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
