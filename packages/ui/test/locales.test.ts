/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';

const languages = ['en', 'zh', 'hi', 'es', 'fr'] as const;
type Language = (typeof languages)[number];
const pluralSuffix = /^(.+)_(zero|one|two|few|many|other)$/;
const placeholder = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;

// Values that are the same in every language: brand and technical names. Language names are written in
// their own script everywhere, so `common.languages` is exempt as a whole.
const sameInEveryLanguage = new Set(['Laundromat Finder', 'Wi-Fi', 'NFC', 'OK', 'CCTV', 'USD', 'EUR', 'GBP']);
const exemptPrefixes = ['common.languages.'];

function readLocale(language: Language): Record<string, unknown> {
  const file = new URL(`../src/locales/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function flatten(tree: Record<string, unknown>, prefix = '', into = new Map<string, unknown>()) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      flatten(value as Record<string, unknown>, path, into);
    } else into.set(path, value);
  }
  return into;
}

const resources = Object.fromEntries(languages.map((language) => [language, readLocale(language)])) as Record<
  Language,
  Record<string, unknown>
>;
const flat = Object.fromEntries(
  languages.map((language) => [language, flatten(resources[language])]),
) as Record<Language, Map<string, unknown>>;
const english = flat.en;

// A key is plural when English has its `_other` form; every language then needs exactly the forms its
// CLDR rules use (i18next v4 JSON), and may add `_zero`, which i18next uses for a count of 0.
const pluralBases = new Set(
  [...english.keys()].flatMap((key) => {
    const match = pluralSuffix.exec(key);
    return match?.[1] && match[2] === 'other' ? [match[1]] : [];
  }),
);
const pluralBaseOf = (key: string) => {
  const match = pluralSuffix.exec(key);
  return match?.[1] && pluralBases.has(match[1]) ? { base: match[1], form: match[2] as string } : undefined;
};
const pluralForms = (language: Language) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;

function expectedKeys(language: Language) {
  const keys = new Set<string>();
  for (const key of english.keys()) if (!pluralBaseOf(key)) keys.add(key);
  for (const base of pluralBases) for (const form of pluralForms(language)) keys.add(`${base}_${form}`);
  return keys;
}

const englishSourceOf = (key: string) => {
  const plural = pluralBaseOf(key);
  return plural ? `${plural.base}_other` : key;
};
const placeholdersIn = (text: string) => new Set([...text.matchAll(placeholder)].map((match) => match[1]));
const sorted = (names: Set<string | undefined>) => [...names].sort().join(', ') || '(none)';

describe('locale resources', () => {
  it.each(languages)('when %s.json is read, then it has every key the other languages have', (language) => {
    const actual = new Set(flat[language].keys());
    const missing = [...expectedKeys(language)].filter((key) => !actual.has(key));
    const messages = missing.map(
      (key) =>
        `${language}.json is missing key "${key}" (English: ${JSON.stringify(english.get(key) ?? english.get(englishSourceOf(key)))})`,
    );
    expect(messages, messages.join('\n')).toEqual([]);
  });

  it.each(languages)('when %s.json is read, then it has no key that English lacks', (language) => {
    const expected = expectedKeys(language);
    const extra = [...flat[language].keys()].filter((key) => {
      if (expected.has(key)) return false;
      const plural = pluralBaseOf(key);
      return !(plural && plural.form === 'zero');
    });
    const messages = extra.map((key) => {
      const plural = pluralBaseOf(key);
      return plural
        ? `${language}.json has plural form "${key}" but ${language} only uses ${pluralForms(language)
            .map((form) => `_${form}`)
            .join(', ')}`
        : `${language}.json has key "${key}" that en.json lacks: add it to en.json (and every other language) or remove it`;
    });
    expect(messages, messages.join('\n')).toEqual([]);
  });

  it.each(languages)('when %s.json is read, then every value is a non-empty string', (language) => {
    const bad = [...flat[language]]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(
        ([key, value]) =>
          `${language}.json "${key}" is ${JSON.stringify(value)}; expected a non-empty string`,
      );
    expect(bad, bad.join('\n')).toEqual([]);
  });

  it.each(languages.filter((language) => language !== 'en'))(
    'when %s.json is compared with English, then each value has the same {{placeholders}}',
    (language) => {
      const mismatches: string[] = [];
      for (const [key, value] of flat[language]) {
        const source = english.get(englishSourceOf(key));
        if (typeof value !== 'string' || typeof source !== 'string') continue;
        const want = placeholdersIn(source);
        const have = placeholdersIn(value);
        // A singular form may spell the number out ("un avis") instead of using {{count}}.
        const form = pluralBaseOf(key)?.form;
        if (form && form !== 'other' && form !== 'many' && !have.has('count')) want.delete('count');
        if (sorted(want) !== sorted(have)) {
          mismatches.push(
            `${language}.json "${key}" has placeholders ${sorted(have)}; English has ${sorted(want)}`,
          );
        }
      }
      expect(mismatches, mismatches.join('\n')).toEqual([]);
    },
  );

  it.each(['zh', 'hi'] as const)(
    'when %s.json is read, then no English text is left untranslated',
    (language) => {
      const untranslated = [...flat[language]]
        .filter(([key, value]) => {
          const source = english.get(englishSourceOf(key));
          if (typeof value !== 'string' || value !== source) return false;
          if (exemptPrefixes.some((prefix) => key.startsWith(prefix)) || sameInEveryLanguage.has(value))
            return false;
          const words = value.replace(placeholder, '').trim();
          const isAddress = /^(https?:\/\/\S*|\S+@\S+)$/.test(words);
          return words.length > 3 && !isAddress;
        })
        .map(([key, value]) => `${language}.json "${key}" is still English: ${JSON.stringify(value)}`);
      expect(untranslated, untranslated.join('\n')).toEqual([]);
    },
  );

  it('when i18next loads the resources, then plural forms resolve in every language', async () => {
    const i18n = createInstance();
    await i18n.init({
      resources: Object.fromEntries(languages.map((l) => [l, { translation: resources[l] }])),
    });
    for (const language of languages) {
      const t = i18n.getFixedT(language);
      for (const count of [0, 1, 2, 5, 1_000_000]) {
        const text = t('finder.results.count', { count });
        expect(text, `${language}, count ${count}`).not.toMatch(/finder\.results|\{\{/);
      }
    }
    // French uses the singular for zero as well.
    expect(i18n.getFixedT('fr')('finder.results.count', { count: 0 })).toBe(
      i18n.getFixedT('fr')('finder.results.count', { count: 1 }).replace('1', '0'),
    );
  });
});
