import { describe, expect, test } from 'vitest';
import { withoutLinksTo } from '../src/prerender-first-screen.ts';

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
