import {
  createLaundromatRequestSchema,
  nullIslandMessage,
  defaultCurrency,
  laundromatBooleanDefaults,
  weekdays,
  type CreateLaundromatRequest,
  type GeocodeResult,
  type LaundromatBooleanKey,
  type Weekday,
} from '@laundry/contracts';

export const textFields = ['name', 'address', 'city', 'country', 'phone', 'website'] as const;
export const countFields = ['numWashers', 'numDryers'] as const;
export const priceFields = [
  'washPriceSmall',
  'washPriceLarge',
  'dryPrice15min',
  'dryPrice30min',
  'detergentPrice',
] as const;
type NumberField = 'latitude' | 'longitude' | (typeof countFields)[number] | (typeof priceFields)[number];

/** What the inputs hold: text as typed (numbers too, so an empty box stays empty), checkboxes as booleans. */
export type AddFormValues = Record<(typeof textFields)[number] | NumberField | 'currency', string> &
  Record<LaundromatBooleanKey, boolean> & {
    hours: Record<Weekday, string>;
    /** OSM opening_hours ('Mo-Fr 08:00-20:00; PH off'); the server checks it with the OSM library. */
    openingHours: string;
  };

/** Field name (or 'hours.monday') → i18n key of its first error. */
export type AddFormErrors = Partial<Record<string, string>>;

export function initialAddFormValues(): AddFormValues {
  return {
    name: '',
    address: '',
    city: '',
    country: '',
    // Empty until the pin is placed: a form that starts at 0, 0 sends 0, 0.
    latitude: '',
    longitude: '',
    phone: '',
    website: '',
    currency: defaultCurrency,
    numWashers: '',
    numDryers: '',
    washPriceSmall: '',
    washPriceLarge: '',
    dryPrice15min: '',
    dryPrice30min: '',
    detergentPrice: '',
    ...laundromatBooleanDefaults,
    hours: Object.fromEntries(weekdays.map((day) => [day, ''])) as Record<Weekday, string>,
    openingHours: '',
  };
}

const v = 'add.validation.';
/** The contract's messages (docs/product.md, Validation), each with its translation key. */
const messageKeys: Record<string, string> = {
  'Name must be at least 3 characters': `${v}nameMin`,
  'Address is required': `${v}addressRequired`,
  'City is required': `${v}cityRequired`,
  'Country is required': `${v}countryRequired`,
  'Latitude must be between -90 and 90': `${v}latitudeRange`,
  'Longitude must be between -180 and 180': `${v}longitudeRange`,
  'Must be a valid URL': `${v}invalidUrl`,
  'Latitude must be a number': `${v}pinRequired`,
  'Longitude must be a number': `${v}pinRequired`,
  [nullIslandMessage]: `${v}nullIsland`,
};

/** A message the contract has no dedicated key for gets the key of its kind of field. */
function fallbackKey(field: string): string {
  if (field.startsWith('hours')) return `${v}invalidHours`;
  if ((textFields as readonly string[]).includes(field)) return `${v}tooLong`;
  return `${v}invalidNumber`;
}

/** An empty box is "not given"; anything else a number (NaN fails the contract as "not a number"). */
function optionalNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/**
 * The form with the place the device's position lies in: city, country and (when the lookup knows the street)
 * address, each only where the box is still empty, so nothing the person typed is replaced.
 */
export function withPlace(
  values: AddFormValues,
  place: Pick<GeocodeResult, 'city' | 'country' | 'street'> | null,
): AddFormValues {
  if (!place) return values;
  const filled = { ...values };
  const found = { city: place.city, country: place.country, address: place.street };
  for (const field of ['address', 'city', 'country'] as const) {
    const text = found[field]?.trim();
    if (text && values[field].trim() === '') filled[field] = text;
  }
  return filled;
}

/** The request body the form's values describe, before validation. */
export function toCandidate(values: AddFormValues): Record<string, unknown> {
  const { hours, phone, latitude, longitude, openingHours, ...rest } = values;
  const givenHours = Object.fromEntries(Object.entries(hours).filter(([, text]) => text.trim() !== ''));
  const candidate: Record<string, unknown> = {
    ...rest,
    latitude: latitude.trim() === '' ? Number.NaN : Number(latitude),
    longitude: longitude.trim() === '' ? Number.NaN : Number(longitude),
    phone: phone.trim() === '' ? undefined : phone,
    hours: Object.keys(givenHours).length > 0 ? givenHours : undefined,
    openingHours: openingHours.trim() === '' ? undefined : openingHours,
  };
  for (const field of [...countFields, ...priceFields]) candidate[field] = optionalNumber(values[field]);
  return candidate;
}

export type AddFormValidation =
  { ok: true; request: CreateLaundromatRequest } | { ok: false; errors: AddFormErrors };

/** Validates with the same schema the server uses (one source of truth for the form's rules). */
export function validateAddForm(values: AddFormValues): AddFormValidation {
  const result = createLaundromatRequestSchema.safeParse(toCandidate(values));
  if (result.success) return { ok: true, request: result.data };
  const errors: AddFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= messageKeys[issue.message] ?? fallbackKey(field);
  }
  return { ok: false, errors };
}
