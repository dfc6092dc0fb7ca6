import {
  laundromatBooleanKeys,
  ownerListingPrices,
  updateOwnerListingRequestSchema,
  type Laundromat,
  type LaundromatBooleanKey,
  type OwnerListingPrice,
  type UpdateOwnerListingRequest,
} from '@laundry/contracts';
import { dollarsToE4, formatE4 } from '@laundry/contracts/money';
import {
  fromOpeningHours,
  incompleteDays,
  incompleteSpecials,
  toOpeningHoursWithSpecials,
  type SpecialDay,
  type WeeklyHours,
} from '@laundry/ui/weekly-hours';
import { ApiRequestError } from './api-errors.ts';
import { ns, type I18nText } from './i18n-text.ts';
import { fieldErrorsOf, issuePath, messageText, type FieldErrors } from './validation-messages.ts';

/**
 * The owner's listing editor as data: the laundromat's listing read into form values, and the form's
 * values back into the PATCH of only what changed, checked by the same contract schema the directory uses.
 */

/** The payment methods are amenities of the contract, shown as a section of their own. */
export const paymentKeys = [
  'acceptsCoin',
  'acceptsCard',
  'acceptsNfc',
] as const satisfies LaundromatBooleanKey[];
export const amenityKeys = laundromatBooleanKeys.filter(
  (key) => !(paymentKeys as readonly string[]).includes(key),
);

export interface ListingFormValues {
  /** 'editor' while the value is one the weekly editor can hold; 'text' keeps a richer value as written. */
  hoursMode: 'editor' | 'text';
  hours: WeeklyHours;
  specials: SpecialDay[];
  hoursText: string;
  prices: Record<OwnerListingPrice, string>;
  flags: Record<LaundromatBooleanKey, boolean>;
  numWashers: string;
  numDryers: string;
  phone: string;
  website: string;
  description: string;
}

/** How many decimals the currency writes (2 for EUR, 0 for JPY); 2 when the browser does not know it. */
export function currencyDecimals(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** A price as the field shows it: '4.25', '500' in yen; '' when there is none. */
export function priceText(amount: number | null, decimals: number): string {
  return amount === null ? '' : formatE4(dollarsToE4(amount), Math.min(decimals, 2));
}

export function listingFormFrom(laundromat: Laundromat): ListingFormValues {
  const editable = fromOpeningHours(laundromat.openingHours ?? null);
  const decimals = currencyDecimals(laundromat.currency);
  return {
    hoursMode: editable ? 'editor' : 'text',
    hours: editable?.hours ?? fromOpeningHours(null)!.hours,
    specials: editable?.specials ?? [],
    hoursText: laundromat.openingHours ?? '',
    prices: Object.fromEntries(
      ownerListingPrices.map((key) => [key, priceText(laundromat[key], decimals)]),
    ) as Record<OwnerListingPrice, string>,
    flags: Object.fromEntries(laundromatBooleanKeys.map((key) => [key, laundromat[key]])) as Record<
      LaundromatBooleanKey,
      boolean
    >,
    numWashers: laundromat.numWashers === null ? '' : String(laundromat.numWashers),
    numDryers: laundromat.numDryers === null ? '' : String(laundromat.numDryers),
    phone: laundromat.phone ?? '',
    website: laundromat.website ?? '',
    description: laundromat.description ?? '',
  };
}

/** The opening_hours value the form holds now ('' for none). */
export const openingHoursOfForm = (values: ListingFormValues) =>
  values.hoursMode === 'editor'
    ? toOpeningHoursWithSpecials(values.hours, values.specials)
    : values.hoursText.trim();

const optionalText = (text: string) => (text.trim() === '' ? null : text.trim());

export type ListingCheck =
  | { ok: true; request: UpdateOwnerListingRequest }
  | { ok: false; errors: FieldErrors; nothingChanged?: boolean };

/**
 * The PATCH for what differs from the listing as loaded, or the fields' errors: unfinished hours, a count
 * that is no whole number, cents in a currency without them, and whatever the contract schema refuses.
 */
export function listingRequest(
  initial: ListingFormValues,
  values: ListingFormValues,
  currency: string,
): ListingCheck {
  const errors: FieldErrors = {};
  const request: Record<string, unknown> = {};

  if (
    values.hoursMode === 'editor' &&
    (incompleteDays(values.hours).length > 0 || incompleteSpecials(values.specials).length > 0)
  )
    errors.openingHours = { key: ns('listing.errors.hoursUnfinished') };
  const hours = openingHoursOfForm(values);
  if (hours !== openingHoursOfForm(initial)) request.openingHours = hours === '' ? null : hours;

  const decimals = currencyDecimals(currency);
  for (const key of ownerListingPrices) {
    const text = values.prices[key].trim().replace(',', '.');
    if (text === initial.prices[key]) continue;
    if (decimals === 0 && /\.\d*[1-9]/.test(text)) {
      errors[key] = { key: ns('listing.errors.noCents'), values: { currency } };
      continue;
    }
    request[key] = text === '' ? null : text;
  }
  for (const key of laundromatBooleanKeys)
    if (values.flags[key] !== initial.flags[key]) request[key] = values.flags[key];
  for (const key of ['numWashers', 'numDryers'] as const) {
    const text = values[key].trim();
    if (text === initial[key]) continue;
    if (text !== '' && !/^\d+$/.test(text)) errors[key] = { key: ns('listing.errors.wholeNumber') };
    else request[key] = text === '' ? null : Number(text);
  }
  for (const key of ['phone', 'website', 'description'] as const)
    if (values[key].trim() !== initial[key].trim()) request[key] = optionalText(values[key]);

  const parsed = updateOwnerListingRequestSchema.safeParse(request);
  if (!parsed.success) {
    const schemaErrors = fieldErrorsOf(
      parsed.error.issues
        .filter((issue) => issue.path.length > 0)
        .map((issue) => ({ path: issuePath(issue.path), message: issue.message })),
    );
    Object.assign(errors, { ...schemaErrors, ...errors });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (Object.keys(request).length === 0) return { ok: false, errors: {}, nothingChanged: true };
  return { ok: true, request: parsed.data! };
}

/**
 * A refused save's messages by field: the schema's issues by their path, and the directory's own check of
 * the hours (INVALID_OPENING_HOURS, no path) under the hours. Null when it was no field's fault.
 */
export function listingErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400 || !error.body) return null;
  if (error.body.code === 'INVALID_OPENING_HOURS') return { openingHours: hoursRefusal(error.body.message) };
  const issues = error.body.errors ?? [];
  return issues.length > 0 ? fieldErrorsOf(issues) : null;
}

/** The OSM library's words (English, technical) under a translated lead. */
function hoursRefusal(message: string): I18nText {
  return {
    key: ns('listing.errors.hoursRefused'),
    values: { message: message.replace(/^Opening hours: /, '') },
  };
}

export { messageText };
