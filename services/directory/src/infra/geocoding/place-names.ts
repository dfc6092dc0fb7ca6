/** How place and country names are compared and written: one normal form for every script, English country names. */

const FOLDED_LETTERS: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ı: 'i',
  þ: 'th',
};

// Only the accents on Latin, Greek and Cyrillic letters: Devanagari vowel signs, kana voicing marks and
// other scripts' combining marks are part of the letter and must survive.
const COMBINING_ACCENTS = /(?<=[\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}]\p{M}*)\p{M}/gu;

/**
 * Lower-case, accents folded, full-width forms made plain (NFKC), dots, apostrophes and zero-width
 * joiners dropped ('D.C.' → 'dc'), other punctuation to spaces; letters of every script are kept.
 */
export function normalizePlaceName(text: string): string {
  // Most names are plain ASCII words; skipping the Unicode passes for them halves the index build.
  if (/^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(COMBINING_ACCENTS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[ßøæœłđıþ]/g, (c) => FOLDED_LETTERS[c] ?? c)
    .replace(/[.'’\u200c\u200d]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

const regionNames = new Intl.DisplayNames('en', { type: 'region' });

export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function localizedCountryName(language: string, code: string): string | undefined {
  try {
    return new Intl.DisplayNames(language, { type: 'region', fallback: 'none' }).of(code);
  } catch {
    return undefined;
  }
}

export function titleCase(upper: string): string {
  return upper
    .toLowerCase()
    .replace(/\b\p{L}/gu, (c) => c.toUpperCase())
    .replace(/\bOf\b/g, 'of');
}
