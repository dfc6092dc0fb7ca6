import {
  laundromatBooleanKeys,
  suggestablePrices,
  type HistoryChange,
  type HistorySource,
} from '@laundry/contracts';
import type { I18nText } from './i18n-text.ts';

/** How the history names where a change came from. */
export const historySourceKeys: Record<HistorySource, string> = {
  suggestion: 'history.source.suggestion',
  owner: 'history.source.owner',
  osm: 'history.source.osm',
  admin: 'history.source.admin',
};

const fieldKeys: Record<string, string> = {
  openingHours: 'detail.hours',
  hours: 'detail.hours',
  phone: 'detail.phone',
  website: 'detail.website',
  location: 'history.field.location',
  status: 'history.field.status',
  isActive: 'history.field.status',
  mergedInto: 'history.field.mergedInto',
  name: 'history.field.name',
  description: 'history.field.description',
};

/** The field's name in the reader's language; a field the finder has no name for reads as itself. */
export function historyFieldText(field: string): I18nText | string {
  if (fieldKeys[field]) return { key: fieldKeys[field] };
  if ((laundromatBooleanKeys as readonly string[]).includes(field)) return { key: `amenities.${field}` };
  if ((suggestablePrices as readonly string[]).includes(field)) return { key: 'history.field.price' };
  return field;
}

/**
 * A value as one short line: none, yes/no, a pin's coordinates, a status's name; a merge shows only that
 * it happened (the survivor's id means nothing to a reader).
 */
export function historyValueText(change: HistoryChange, value: unknown): I18nText | string {
  if (value === null || value === undefined || value === '') return { key: 'history.none' };
  if (change.field === 'mergedInto') return { key: 'history.merged' };
  if (typeof value === 'boolean') return { key: value ? 'history.yes' : 'history.no' };
  if (typeof value === 'object' && 'latitude' in value && 'longitude' in value) {
    const pin = value as { latitude: number; longitude: number };
    return `${pin.latitude.toFixed(5)}, ${pin.longitude.toFixed(5)}`;
  }
  if (change.field === 'status' && value === 'closed') return { key: 'suggest.closedBadge' };
  if (change.field === 'status' && value === 'approved') return { key: 'history.open' };
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}
