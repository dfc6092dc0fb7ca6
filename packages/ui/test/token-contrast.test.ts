/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The design tokens' text colours against the backgrounds they are drawn on, by WCAG 2's contrast ratio, so a
 * change of colour that makes a badge or a status unreadable fails here rather than in a Lighthouse run.
 * Badges are 14 px bold text and statuses 14 px normal: both need 4.5:1 (WCAG AA, 1.4.3). No dark theme yet.
 */

const AA_NORMAL_TEXT = 4.5;

const read = (file: string) => readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');

/** The custom properties of tokens.css's :root, as written (a colour or a var() of another). */
function customProperties(css: string): Map<string, string> {
  const root = /:root\s*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  const withoutComments = root.replace(/\/\*[\s\S]*?\*\//g, '');
  return new Map(
    [...withoutComments.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]),
  );
}

const tokens = customProperties(read('tokens.css'));

/** A token's colour with its var() references followed. */
function resolve(value: string, seen = new Set<string>()): string {
  const reference = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!reference) return value.trim();
  const name = reference[1]!;
  const next = tokens.get(name);
  if (next === undefined || seen.has(name)) throw new Error(`tokens.css has no value for ${name}`);
  return resolve(next, new Set([...seen, name]));
}

const color = (name: string) => resolve(`var(${name})`);

/** #rgb or #rrggbb as 0–255 channels. */
function rgb(hex: string): [number, number, number] {
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!digits) throw new Error(`${hex} is not a #rgb or #rrggbb colour`);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The surfaces a badge without a background of its own, or a coloured status, sits on. */
const pageSurfaces = ['--color-surface', '--color-bg'];

describe('contrast ratio', () => {
  it('matches WCAG for black on white and for equal colours', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // The open badge's old pair, which Lighthouse failed: white on the map marker's green.
    expect(contrastRatio('#ffffff', '#10b981')).toBeCloseTo(2.54, 2);
  });
});

describe('badge tones', () => {
  const badgeCss = read('components/badge.module.css');
  const declaredTones = /export type BadgeTone\s*=([^;]+);/
    .exec(read('components/badge.tsx'))?.[1]
    ?.match(/'([a-z]+)'/g)
    ?.map((tone) => tone.slice(1, -1));

  it('every tone of the Badge component takes its colours from its tokens', () => {
    expect(declaredTones?.length).toBeGreaterThan(0);
    for (const tone of declaredTones ?? []) {
      const rule = new RegExp(`\\.${tone}\\s*\\{([^}]*)\\}`).exec(badgeCss)?.[1] ?? '';
      expect(rule, `.${tone} background`).toMatch(new RegExp(`background:\\s*var\\(--badge-${tone}-bg\\)`));
      expect(rule, `.${tone} color`).toMatch(new RegExp(`(^|[^-])color:\\s*var\\(--badge-${tone}-text\\)`));
    }
  });

  it.each(declaredTones ?? [])('the %s badge reads at 4.5:1 or more', (tone) => {
    const text = color(`--badge-${tone}-text`);
    const background = color(`--badge-${tone}-bg`);
    const backgrounds = background === 'transparent' ? pageSurfaces.map(color) : [background];
    for (const behind of backgrounds) {
      expect(contrastRatio(text, behind), `${text} on ${behind}`).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    }
  });
});

describe('coloured text on the page and on cards', () => {
  // The finder's result cards show OPEN NOW / CLOSED in these (data-tone on the card's status).
  it.each(['--color-success', '--color-danger', '--color-text-muted', '--color-primary', '--color-text'])(
    '%s reads at 4.5:1 or more on the surface and the page background',
    (name) => {
      for (const surface of pageSurfaces) {
        expect(contrastRatio(color(name), color(surface)), `${name} on ${surface}`).toBeGreaterThanOrEqual(
          AA_NORMAL_TEXT,
        );
      }
    },
  );
});
