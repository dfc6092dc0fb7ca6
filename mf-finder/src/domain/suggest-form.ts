import {
  createSuggestionRequestSchema,
  decimalLimits,
  hasAtMostDecimals,
  laundromatBooleanKeys,
  suggestablePrices,
  suggestionNoteMaxLength,
  type CreateSuggestionRequest,
  type Laundromat,
  type LaundromatBooleanKey,
  type SuggestablePrice,
  type SuggestionKind,
} from '@laundry/contracts';

/** The 'Suggest an edit' form as typed, each field starting at the laundromat's current value. */
export interface SuggestFormValues {
  kind: SuggestionKind;
  openingHours: string;
  prices: Record<SuggestablePrice, string>;
  amenities: Record<LaundromatBooleanKey, boolean>;
  phone: string;
  website: string;
  latitude: string;
  longitude: string;
  /** The other laundromat's link or id. */
  duplicateOf: string;
  note: string;
}

export type SuggestField =
  Exclude<keyof SuggestFormValues, 'prices' | 'amenities' | 'kind'> | SuggestablePrice;

/** i18n keys of the finder namespace, by field; `form` for what concerns the whole suggestion. */
export type SuggestFormErrors = Partial<Record<SuggestField | 'form', string>>;

export type SuggestCheck =
  { ok: true; request: CreateSuggestionRequest } | { ok: false; errors: SuggestFormErrors };

const errorKey = (name: string) => `suggest.errors.${name}`;

const priceText = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : '');

export function initialSuggestValues(laundromat: Laundromat): SuggestFormValues {
  return {
    kind: 'hours',
    openingHours: laundromat.openingHours ?? '',
    prices: Object.fromEntries(suggestablePrices.map((key) => [key, priceText(laundromat[key])])) as Record<
      SuggestablePrice,
      string
    >,
    amenities: Object.fromEntries(laundromatBooleanKeys.map((key) => [key, laundromat[key]])) as Record<
      LaundromatBooleanKey,
      boolean
    >,
    phone: laundromat.phone ?? '',
    website: laundromat.website ?? '',
    latitude: String(laundromat.latitude),
    longitude: String(laundromat.longitude),
    duplicateOf: '',
    note: '',
  };
}

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The id in a pasted link (…?laundromat=<id>) or the id itself. */
export function laundromatIdIn(text: string): string | null {
  return uuidPattern.exec(text)?.[0]?.toLowerCase() ?? null;
}

function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The pin the form holds, when both numbers are valid coordinates. */
export function typedPin(values: Pick<SuggestFormValues, 'latitude' | 'longitude'>) {
  const latitude = parseNumber(values.latitude);
  const longitude = parseNumber(values.longitude);
  if (latitude === null || longitude === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The proposal of the chosen kind, or the field errors that stop it; nothing unchanged is sent. */
function proposal(values: SuggestFormValues, laundromat: Laundromat): SuggestCheck {
  const nothing: SuggestCheck = { ok: false, errors: { form: errorKey('nothingChanged') } };
  switch (values.kind) {
    case 'hours': {
      const openingHours = values.openingHours.trim();
      if (openingHours === '') return { ok: false, errors: { openingHours: errorKey('hoursRequired') } };
      if (openingHours === (laundromat.openingHours ?? '')) return nothing;
      return { ok: true, request: { kind: 'hours', openingHours } };
    }
    case 'prices': {
      const errors: SuggestFormErrors = {};
      const prices: Partial<Record<SuggestablePrice, number | null>> = {};
      for (const key of suggestablePrices) {
        const text = values.prices[key].trim();
        const amount = text === '' ? null : parseNumber(text);
        if (
          text !== '' &&
          (amount === null || amount < 0 || amount > decimalLimits.price || !hasAtMostDecimals(amount, 2))
        ) {
          errors[key] = errorKey('price');
          continue;
        }
        if (amount !== (laundromat[key] ?? null)) prices[key] = amount;
      }
      if (Object.keys(errors).length > 0) return { ok: false, errors };
      if (Object.keys(prices).length === 0) return nothing;
      return { ok: true, request: { kind: 'prices', prices } };
    }
    case 'amenities': {
      const changed = laundromatBooleanKeys.filter((key) => values.amenities[key] !== laundromat[key]);
      if (changed.length === 0) return nothing;
      return {
        ok: true,
        request: {
          kind: 'amenities',
          amenities: Object.fromEntries(changed.map((key) => [key, values.amenities[key]])),
        },
      };
    }
    case 'phone': {
      const phone = values.phone.trim();
      if (!/^[+0-9 ().\-/]{3,50}$/.test(phone)) return { ok: false, errors: { phone: errorKey('phone') } };
      if (phone === (laundromat.phone ?? '')) return nothing;
      return { ok: true, request: { kind: 'phone', phone } };
    }
    case 'website': {
      const website = values.website.trim();
      if (!isWebAddress(website)) return { ok: false, errors: { website: errorKey('website') } };
      if (website === (laundromat.website ?? '')) return nothing;
      return { ok: true, request: { kind: 'website', website } };
    }
    case 'location': {
      const latitude = parseNumber(values.latitude);
      const longitude = parseNumber(values.longitude);
      const errors: SuggestFormErrors = {};
      if (latitude === null || Math.abs(latitude) > 90) errors.latitude = errorKey('latitude');
      if (longitude === null || Math.abs(longitude) > 180) errors.longitude = errorKey('longitude');
      if (latitude === null || longitude === null || Object.keys(errors).length > 0)
        return { ok: false, errors };
      if (latitude === 0 && longitude === 0)
        return { ok: false, errors: { latitude: errorKey('pinAtZero') } };
      if (latitude === laundromat.latitude && longitude === laundromat.longitude) return nothing;
      return { ok: true, request: { kind: 'location', latitude, longitude } };
    }
    case 'duplicate': {
      const id = laundromatIdIn(values.duplicateOf);
      if (!id || id === laundromat.id) return { ok: false, errors: { duplicateOf: errorKey('duplicate') } };
      return { ok: true, request: { kind: 'duplicate', duplicateOfId: id } };
    }
    case 'closed':
    case 'not-exists':
      return { ok: true, request: { kind: values.kind } };
  }
}

/**
 * Checks the form as the server will (the contract's schema last), with messages in the person's language
 * for what it can tell here: a pin at 0, 0, a website that is not http(s), a long note, no change at all.
 */
export function checkSuggestion(values: SuggestFormValues, laundromat: Laundromat): SuggestCheck {
  if (values.note.length > suggestionNoteMaxLength) {
    return { ok: false, errors: { note: errorKey('noteTooLong') } };
  }
  const checked = proposal(values, laundromat);
  if (!checked.ok) return checked;
  const note = values.note.trim();
  const parsed = createSuggestionRequestSchema.safeParse(
    note ? { ...checked.request, note } : checked.request,
  );
  if (!parsed.success) return { ok: false, errors: { form: 'suggest.failed' } };
  return { ok: true, request: parsed.data };
}
