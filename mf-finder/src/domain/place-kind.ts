import type { GeocodeResult } from '@laundry/contracts';
import type { I18nText } from './i18n-text.ts';

/** What a suggested place is when it is not a city or a postal code's place: 'District', 'Landmark', 'Station'. */
export const placeKindKeys = {
  district: 'finder:search.suggest.kind.district',
  landmark: 'finder:search.suggest.kind.landmark',
  station: 'finder:search.suggest.kind.station',
} as const satisfies Record<NonNullable<GeocodeResult['kind']>, string>;

/** The label shown beside a suggestion ('Gare du Nord, Paris, France · Station'), or null for a city. */
export function placeKindLabel(result: Pick<GeocodeResult, 'kind'>): I18nText | null {
  return result.kind ? { key: placeKindKeys[result.kind] } : null;
}
