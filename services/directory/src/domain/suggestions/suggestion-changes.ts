import {
  laundromatBooleanKeys,
  suggestablePrices,
  type CreateSuggestionRequest,
  type LaundromatBooleanKey,
  type SuggestablePrice,
  type SuggestionChange,
  type SuggestionKind,
} from '@laundry/contracts';
import type { LaundromatRow } from '../laundromat-store.ts';

/**
 * The fields a suggestion may change, in the API's names: what an approval writes and what it records as
 * edited here (laundromats.locally_edited_fields), so a later OpenStreetMap sync leaves them as corrected.
 */
export type EditableField =
  | 'openingHours'
  | 'phone'
  | 'website'
  | 'location'
  | 'status'
  | 'isActive'
  | 'duplicateOf'
  | SuggestablePrice
  | LaundromatBooleanKey;

export interface Pin {
  latitude: number;
  longitude: number;
}

/** A proposed change ready to store: its fields' current and proposed values, and the key it is grouped by. */
export interface ProposedChange {
  kind: SuggestionKind;
  changes: (SuggestionChange & { field: EditableField })[];
  /** The kind and the proposed values as canonical JSON: equal for the same change by different people. */
  changeKey: string;
}

const isPrice = (field: string): field is SuggestablePrice =>
  (suggestablePrices as readonly string[]).includes(field);
const isAmenity = (field: string): field is LaundromatBooleanKey =>
  (laundromatBooleanKeys as readonly string[]).includes(field);

/** The laundromat's value of a field as a suggestion shows it. */
export function currentValueOf(row: LaundromatRow, field: EditableField): unknown {
  switch (field) {
    case 'location':
      return { latitude: row.latitude, longitude: row.longitude };
    case 'duplicateOf':
      return null;
    case 'openingHours':
      return row.openingHours;
    default:
      return row[field] ?? null;
  }
}

/** Equal as JSON values (a price 3.5 and 3.50 are one number; a pin's two numbers compared as such). */
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What the suggestion proposes, field by field, before comparing with the laundromat. */
function proposedValues(input: CreateSuggestionRequest): [EditableField, unknown][] {
  switch (input.kind) {
    case 'hours':
      return [['openingHours', input.openingHours]];
    case 'prices':
      return Object.entries(input.prices)
        .filter(([field, value]) => isPrice(field) && value !== undefined)
        .map(([field, value]) => [field as SuggestablePrice, value]);
    case 'amenities':
      return Object.entries(input.amenities)
        .filter(([field, value]) => isAmenity(field) && value !== undefined)
        .map(([field, value]) => [field as LaundromatBooleanKey, value]);
    case 'phone':
      return [['phone', input.phone]];
    case 'website':
      return [['website', input.website]];
    case 'location':
      return [['location', { latitude: input.latitude, longitude: input.longitude }]];
    case 'closed':
      return [['status', 'closed']];
    case 'not-exists':
      return [['isActive', false]];
    case 'duplicate':
      return [
        ['isActive', false],
        ['duplicateOf', input.duplicateOfId],
      ];
  }
}

/**
 * The fields the suggestion would change on this laundromat: those whose proposed value differs from its
 * current one. Empty when the laundromat already says what is proposed (the caller refuses that).
 */
export function proposeChange(row: LaundromatRow, input: CreateSuggestionRequest): ProposedChange {
  const changes = proposedValues(input)
    .map(([field, proposed]) => ({ field, current: currentValueOf(row, field), proposed }))
    .filter((change) => change.field === 'duplicateOf' || !sameValue(change.current, change.proposed));
  // A duplicate that is already unlisted changes nothing either.
  const effective = changes.some((change) => change.field !== 'duplicateOf') ? changes : [];
  const sorted = [...effective].sort((a, b) => a.field.localeCompare(b.field));
  const changeKey = JSON.stringify([input.kind, sorted.map((change) => [change.field, change.proposed])]);
  return { kind: input.kind, changes: effective, changeKey };
}

/** The changes as they stand now: the stored proposal beside the laundromat's value today. */
export function withCurrentValues(
  row: LaundromatRow,
  changes: readonly SuggestionChange[],
): SuggestionChange[] {
  return changes.map((change) => ({
    field: change.field,
    current: currentValueOf(row, change.field as EditableField),
    proposed: change.proposed,
  }));
}

/** The location fields of a pin change, for the columns an approval writes. */
export function pinOf(value: unknown): Pin {
  const pin = value as Pin;
  return { latitude: pin.latitude, longitude: pin.longitude };
}

export { isAmenity, isPrice };
