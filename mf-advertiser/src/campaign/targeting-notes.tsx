import { useQuery } from '@tanstack/react-query';
import type { ReverseGeocodeResponse } from '@laundry/contracts';
import { getJson } from '../api/http.ts';
import { useText } from '../components/use-text.ts';
import type { TargetArea } from '../domain/campaign-form.ts';
import { countryName } from '../domain/countries.ts';
import { chosenCountryNamed, targetingOverlaps } from '../domain/targeting-overlap.ts';
import styles from './campaign.module.css';

/** The country of the area's centre, asked of the geocoder only when countries are chosen beside it. */
function useAreaCountryName(area: TargetArea | null, enabled: boolean) {
  // Two decimals (about a kilometre): dragging the centre across a street asks nothing new.
  const at = area ? `lat=${area.latitude.toFixed(2)}&lon=${area.longitude.toFixed(2)}` : '';
  return useQuery({
    queryKey: ['/api/geocode/reverse', at],
    queryFn: async () =>
      (await getJson<ReverseGeocodeResponse>(`/api/geocode/reverse?${at}`)).result?.country ?? null,
    enabled: enabled && area !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * How countries, cities and the area combine (any of them, not all), and which choice the others make
 * pointless, as the advertiser chooses.
 */
export function TargetingNotes({
  countries,
  cities,
  area,
}: {
  countries: readonly string[];
  cities: readonly string[];
  area: TargetArea | null;
}) {
  const { t, locale } = useText();
  const areaCountryName = useAreaCountryName(area, countries.length > 0);
  const overlaps = targetingOverlaps({
    countries,
    cities,
    areaCountry: area ? chosenCountryNamed(areaCountryName.data, countries) : null,
  });
  const chosenKinds = [countries.length > 0, cities.length > 0, area !== null].filter(Boolean).length;
  return (
    <div className={styles.targetingNotes} data-testid="targeting-notes">
      {chosenKinds > 1 && <p>{t('targeting.combine')}</p>}
      {overlaps.length > 0 && (
        <ul className={styles.overlaps} role="status">
          {overlaps.map((overlap) => (
            <li key={overlap.kind === 'city-in-country' ? overlap.city : 'area'}>
              {overlap.kind === 'city-in-country'
                ? t('targeting.overlap.cityInCountry', {
                    city: overlap.city,
                    country: countryName(overlap.country, locale),
                  })
                : t('targeting.overlap.areaInCountry', { country: countryName(overlap.country, locale) })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
