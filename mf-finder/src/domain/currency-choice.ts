import { countryCodesWithCurrency, currencies, currencyOfCountryCode } from '@laundry/contracts';

export interface CurrencyOption {
  code: string;
  /** The currency's name in the reader's language, with its code: 'Indian Rupee (INR)'. */
  label: string;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .trim();

function displayNames(locale: string, type: 'currency' | 'region'): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type });
  } catch {
    return null;
  }
}

/**
 * The add form's currency picker: the six currencies most laundromats price in first, then every other
 * ISO 4217 currency Intl knows, by name in the reader's language.
 */
export function currencyOptions(locale: string): { common: CurrencyOption[]; others: CurrencyOption[] } {
  const names = displayNames(locale, 'currency');
  const option = (code: string) => {
    const name = names?.of(code);
    return { code, label: name && name !== code ? `${name} (${code})` : code };
  };
  const common = new Set<string>(currencies);
  const others = Intl.supportedValuesOf('currency')
    .filter((code) => !common.has(code))
    .map(option)
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  return { common: currencies.map(option), others };
}

/**
 * The currency of the country the form names, by its code ('FR') or its name in English or the reader's
 * language ('France', 'Inde', '日本'), accents and case aside; null when the text names no known country.
 */
export function currencyForCountry(country: string, locale: string): string | null {
  const text = country.trim();
  if (text === '') return null;
  if (/^[a-z]{2}$/i.test(text)) return currencyOfCountryCode(text);
  const wanted = fold(text);
  for (const language of new Set([locale, 'en'])) {
    const names = displayNames(language, 'region');
    if (!names) continue;
    const code = countryCodesWithCurrency.find((candidate) => {
      const name = names.of(candidate);
      return name !== undefined && fold(name) === wanted;
    });
    if (code) return currencyOfCountryCode(code);
  }
  return null;
}
