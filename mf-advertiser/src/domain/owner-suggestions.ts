import {
  decideSuggestionRequestSchema,
  laundromatBooleanKeys,
  suggestablePrices,
  type DecideSuggestionRequest,
  type OwnerSuggestion,
  type SuggestionChange,
} from '@laundry/contracts';
import {
  dayGroups,
  endsNextDay,
  fromOpeningHours,
  isCompleteRange,
  type Weekday,
} from '@laundry/ui/weekly-hours';
import { ns, type I18nText } from './i18n-text.ts';
import { messageText } from './validation-messages.ts';

/**
 * 'Suggested edits' (/advertiser/suggestions) as data: each change of a suggestion as its field's name, the
 * value the laundromat holds now and the one proposed, in words a person reads; the decision's request
 * checked by the contract's own schema; and what the owner's week to answer says.
 */

/** Consecutive days with the same hours: closed, or open in ranges ('08:00 – 20:00', '22:00 – 02:00+1'). */
export interface HoursGroup {
  first: Weekday;
  last: Weekday;
  closed: boolean;
  /** Each range as [from, to, endsNextDay]; empty with `closed` false when the days' hours are not known. */
  ranges: [string, string, boolean][];
}

export type ChangeValue =
  | { type: 'none' }
  | { type: 'text'; text: string }
  /** A price already formatted in the laundromat's currency and the reader's locale. */
  | { type: 'money'; text: string }
  | { type: 'flag'; on: boolean }
  | { type: 'alwaysOpen' }
  | { type: 'hours'; groups: HoursGroup[] }
  | { type: 'message'; text: I18nText };

export interface ChangeRow {
  field: string;
  label: I18nText;
  current: ChangeValue;
  proposed: ChangeValue;
}

const isPrice = (field: string) => (suggestablePrices as readonly string[]).includes(field);
const isAmenity = (field: string) => (laundromatBooleanKeys as readonly string[]).includes(field);

/** The field's name: the listing editor's words for prices, phone and website, the finder's for amenities. */
export function fieldLabel(field: string): I18nText {
  if (isPrice(field)) return { key: ns(`listing.prices.${field}`) };
  if (isAmenity(field)) return { key: `finder:amenities.${field}` };
  switch (field) {
    case 'phone':
      return { key: ns('listing.phone') };
    case 'website':
      return { key: ns('listing.website') };
    case 'openingHours':
      return { key: ns('listing.hours.title') };
    case 'location':
      return { key: ns('suggestions.fields.location') };
    case 'status':
      return { key: ns('suggestions.fields.status') };
    case 'isActive':
      return { key: ns('suggestions.fields.isActive') };
    case 'duplicateOf':
      return { key: ns('suggestions.fields.duplicateOf') };
    default:
      return { key: ns('validation.server'), values: { message: field } };
  }
}

/** A price in the laundromat's currency ('€3.50'); the number as it is when the currency is unknown. */
export function formatPrice(amount: number, currency: string | undefined, locale: string): string {
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
    } catch {
      // An unknown currency code: the number with the code after it.
      return `${new Intl.NumberFormat(locale).format(amount)} ${currency}`;
    }
  }
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/**
 * Opening hours read into days and ranges as the listing editor reads them; '24/7' as always open; anything
 * richer (special days, weeks, months) stays the OpenStreetMap text it is.
 */
export function hoursValue(value: string): ChangeValue {
  const editable = fromOpeningHours(value);
  if (!editable || editable.specials.length > 0) return { type: 'text', text: value };
  const { hours } = editable;
  if (hours.allDayEveryDay) return { type: 'alwaysOpen' };
  const groups = dayGroups(hours);
  if (groups.every((group) => group.spec === null)) return { type: 'text', text: value };
  return {
    type: 'hours',
    groups: groups.map(({ first, last, spec }) => ({
      first,
      last,
      closed: spec === 'off',
      ranges:
        spec === null || spec === 'off'
          ? []
          : hours.days[first].ranges
              .filter(isCompleteRange)
              .sort((a, b) => a.from.localeCompare(b.from))
              .map((range) => [range.from, range.to, endsNextDay(range)]),
    })),
  };
}

const asNumber = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** One side of a change in readable form; `currency` is the laundromat's, for prices. */
export function changeValue(
  field: string,
  value: unknown,
  currency: string | undefined,
  locale: string,
): ChangeValue {
  if (value === null || value === undefined || value === '') return { type: 'none' };
  if (isPrice(field)) {
    const amount = asNumber(value);
    return amount === null
      ? { type: 'text', text: String(value) }
      : { type: 'money', text: formatPrice(amount, currency, locale) };
  }
  if (isAmenity(field) && typeof value === 'boolean') return { type: 'flag', on: value };
  switch (field) {
    case 'openingHours':
      return typeof value === 'string' ? hoursValue(value) : { type: 'text', text: JSON.stringify(value) };
    case 'location': {
      const pin = value as { latitude?: unknown; longitude?: unknown };
      if (typeof pin.latitude === 'number' && typeof pin.longitude === 'number')
        return { type: 'text', text: `${pin.latitude.toFixed(6)}, ${pin.longitude.toFixed(6)}` };
      break;
    }
    case 'status':
      if (value === 'closed') return { type: 'message', text: { key: ns('suggestions.values.closed') } };
      if (value === 'open') return { type: 'message', text: { key: ns('suggestions.values.open') } };
      break;
    case 'isActive':
      return {
        type: 'message',
        text: { key: ns(value === false ? 'suggestions.values.unlisted' : 'suggestions.values.listed') },
      };
  }
  return { type: 'text', text: typeof value === 'object' ? JSON.stringify(value) : String(value) };
}

/** The suggestion's changes, one row each, in the order the API gives them. */
export function changeRows(
  changes: readonly SuggestionChange[],
  currency: string | undefined,
  locale: string,
): ChangeRow[] {
  return changes.map((change) => ({
    field: change.field,
    label: fieldLabel(change.field),
    current: changeValue(change.field, change.current, currency, locale),
    proposed: changeValue(change.field, change.proposed, currency, locale),
  }));
}

/** Whether a change needs the laundromat's currency to be shown (a price). */
export const needsCurrency = (suggestion: Pick<OwnerSuggestion, 'changes'>) =>
  suggestion.changes.some((change) => isPrice(change.field));

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The owner's week to answer: the whole days left (at least 1 while it runs), or 'admins' once it is over
 * and the admins may decide too (the owner still may).
 */
export function answerWindow(
  answerBy: string,
  now: Date,
): { state: 'owner'; daysLeft: number } | { state: 'admins' } {
  const left = Date.parse(answerBy) - now.getTime();
  if (!Number.isFinite(left) || left <= 0) return { state: 'admins' };
  return { state: 'owner', daysLeft: Math.max(1, Math.ceil(left / dayMs)) };
}

export type DecisionCheck = { ok: true; request: DecideSuggestionRequest } | { ok: false; error: I18nText };

/** The decision's body checked by the contract's schema: a rejection needs a reason, of at most 2,000 characters. */
export function decisionRequest(decision: 'approve' | 'reject', reason: string): DecisionCheck {
  const body = decision === 'approve' ? { decision } : { decision, reason };
  const parsed = decideSuggestionRequestSchema.safeParse(body);
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, error: messageText(parsed.error.issues[0]?.message ?? '') };
}

/** How many changes wait for the owner's answer, for 'My laundromats'' link. */
export const waitingCount = (list: { items: readonly unknown[] } | undefined) => list?.items.length ?? 0;
