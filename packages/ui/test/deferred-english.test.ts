import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import en from '../src/locales/en.json';
import { bundledEnglishForTest } from '../src/i18n/create-i18n.ts';

// english-on-demand.ts imports en.json with a bundler query the test runner cannot read: its parts are read
// from its text, as the bundler reads them (each one named, so the rest of the file stays out).
const onDemand = readFileSync(new URL('../src/i18n/english-on-demand.ts', import.meta.url), 'utf8');
const deferredPart = onDemand.slice(onDemand.indexOf('export const deferredEnglish'));
const deferred = (namespace: string) =>
  [...deferredPart.matchAll(new RegExp(`en\\.${namespace}\\.(\\w+)`, 'g'))].map((match) => match[1]!);

describe('English in the first load and with the pages', () => {
  test.each(['shell', 'finder'] as const)(
    'when %s English is split, then every part is either bundled or deferred, exactly once',
    (namespace) => {
      const parts = bundledEnglishForTest[namespace] as Record<string, unknown>;
      const english = en[namespace] as Record<string, unknown>;
      const bundled = Object.keys(parts);
      // A part bundled in part (a card's few words of finder.live and finder.detail) comes whole with the pages.
      const whole = (key: string) => parts[key] === english[key];
      expect(deferred(namespace).length).toBeGreaterThan(0);
      expect(bundled.filter((key) => whole(key) && deferred(namespace).includes(key))).toEqual([]);
      for (const key of bundled.filter((key) => !whole(key))) {
        expect(deferred(namespace)).toContain(key);
        expect(english[key]).toMatchObject(parts[key] as object);
      }
      expect([...new Set([...bundled, ...deferred(namespace)])].sort()).toEqual(Object.keys(english).sort());
    },
  );
});
