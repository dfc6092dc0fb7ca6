import { describe, expect, test } from 'vitest';
import { firstScreenCheck, withoutLinksTo } from '../src/prerender-first-screen.ts';

describe('the first screen page drops links to the style sheets written into it', () => {
  const inlined = ['/main.aec427a8a593.css'];

  test.each([
    ['minified attributes with the build hash', '<link href=/main.aec427a8a593.css?6bbc4b1a rel=stylesheet>'],
    ['quoted attributes', '<link rel="stylesheet" href="/main.aec427a8a593.css">'],
  ])('%s', (_case, link) => {
    expect(withoutLinksTo(`<head><title>t</title>${link}</head>`, inlined)).toBe(
      '<head><title>t</title></head>',
    );
  });

  test.each([
    ['a sheet that is not written into the page', '<link href=/other.0123456789ab.css rel=stylesheet>'],
    ['the manifest', '<link rel=manifest href=/manifest.webmanifest>'],
    ['a preload of the same file', '<link rel=preload as=style href=/main.aec427a8a593.css>'],
  ])('keeps %s', (_case, link) => {
    expect(withoutLinksTo(`<head>${link}</head>`, inlined)).toBe(`<head>${link}</head>`);
  });
});

describe('the first screen check', () => {
  /** Runs the inline check as a browser would before the first paint; answers data-first-screen. */
  function check(script: string, at: { path: string; stored: Record<string, string> }): string | null {
    const attributes = new Map<string, string>();
    const browser = {
      document: {
        documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
      },
      location: { pathname: at.path },
      localStorage: { getItem: (key: string) => at.stored[key] ?? null },
    };
    new Function('document', 'location', 'localStorage', script)(
      browser.document,
      browser.location,
      browser.localStorage,
    );
    return attributes.get('data-first-screen') ?? null;
  }

  test("shows the home page's screen only at /, and another page's screen at any path", () => {
    expect(check(firstScreenCheck('en', '/'), { path: '/', stored: {} })).toBe('on');
    expect(check(firstScreenCheck('en', '/'), { path: '/help', stored: {} })).toBe('off');
    expect(check(firstScreenCheck('en'), { path: '/advertiser/dashboard', stored: {} })).toBe('on');
  });

  test('hides the screen in another language than the stored one, and its banner once answered', () => {
    expect(check(firstScreenCheck('fr'), { path: '/help', stored: { i18nextLng: 'en-GB' } })).toBe('off');
    expect(check(firstScreenCheck('fr'), { path: '/help', stored: { i18nextLng: 'fr-CA' } })).toBe('on');
    expect(
      check(firstScreenCheck('fr'), { path: '/help', stored: { 'cookie-consent': '{"necessary":true}' } }),
    ).toBe('answered');
  });
});
