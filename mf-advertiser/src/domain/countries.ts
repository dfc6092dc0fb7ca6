import { countryCodes } from '@laundry/contracts';

export interface CountryOption {
  code: string;
  name: string;
}

const optionsByLocale = new Map<string, CountryOption[]>();

/** A country's name in the page's language (Intl.DisplayNames), or its code where the browser has none. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every ISO code the contract accepts, named in `locale` and in that language's alphabetical order. */
export function countryOptions(locale: string): CountryOption[] {
  let options = optionsByLocale.get(locale);
  if (!options) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    const collator = new Intl.Collator(locale, { sensitivity: 'base' });
    options = countryCodes
      .map((code) => ({ code, name: names?.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name));
    optionsByLocale.set(locale, options);
  }
  return options;
}

/** Accents and case aside, so 'cote' finds Côte d’Ivoire. */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The countries a typed text names, not yet chosen: an exact code first (typing 'GB' finds the United
 * Kingdom), then names starting with the text, then names containing it; at most `limit`.
 */
export function matchCountries(
  options: readonly CountryOption[],
  query: string,
  chosen: readonly string[],
  limit = 8,
): CountryOption[] {
  const text = fold(query);
  if (text === '') return [];
  const open = options.filter((option) => !chosen.includes(option.code));
  const byCode = open.filter((option) => option.code.toLowerCase() === text);
  const starts = open.filter((option) => !byCode.includes(option) && fold(option.name).startsWith(text));
  const contains = open.filter(
    (option) => !byCode.includes(option) && !starts.includes(option) && fold(option.name).includes(text),
  );
  return [...byCode, ...starts, ...contains].slice(0, limit);
}

/** Adds a code once; removing is a filter. */
export const addCountry = (chosen: readonly string[], code: string) =>
  chosen.includes(code) ? [...chosen] : [...chosen, code];
