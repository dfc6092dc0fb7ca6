import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { readCookie, SESSION_COOKIE } from '@laundry/platform/auth';
import { builtFilePath } from './built-files.ts';

/**
 * The home page's first screen, prerendered per language at build time (scripts/src/prerender-first-screen.ts)
 * into shell/dist/first-screen/<language>.html, so a visitor sees it before any JavaScript has run.
 */
export const FIRST_SCREEN_FOLDER = 'first-screen';
/** The cookie the page keeps its language in (i18next's default name), next to local storage. */
export const LANGUAGE_COOKIE = 'i18next';

export interface FirstScreens {
  /** The prerendered home page in the visitor's language, or null to serve the plain index.html. */
  pageFor(req: Request): string | null;
  /** CSP source expressions ('sha256-…') of the inline scripts these pages carry. */
  scriptHashes: string[];
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
/** The style sheets a page carries written in, by where they lie in the built front end. */
const STYLE_SHEET = /<style data-href="[^"]*" data-file="([^"]+)"/g;

/**
 * Reads the prerendered pages once. A page made from style sheets that are gone (the apps were rebuilt
 * without prerendering again) is left out: it would no longer look like the page that replaces it.
 */
export function loadFirstScreens(staticRoot: string, logger?: Logger): FirstScreens {
  const folder = path.resolve(staticRoot, 'shell/dist', FIRST_SCREEN_FOLDER);
  const pages = new Map<string, string>();
  const hashes = new Set<string>();
  if (existsSync(folder)) {
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.html'))) {
      const html = readFileSync(path.join(folder, file), 'utf8');
      const missing = [...html.matchAll(STYLE_SHEET)]
        .map((match) => match[1]!)
        .filter((href) => !existsSync(builtFilePath(staticRoot, href)));
      if (missing.length > 0) {
        logger?.warn({ file, missing }, 'prerendered first screen is stale; run npm run build');
        continue;
      }
      pages.set(path.basename(file, '.html'), html);
      for (const match of html.matchAll(INLINE_SCRIPT)) {
        hashes.add(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
      }
    }
  }
  const languages = [...pages.keys()];
  return {
    scriptHashes: [...hashes],
    pageFor(req) {
      if (languages.length === 0) return null;
      // The screen is a signed-out visit to the bare home page; anything else would show the wrong header
      // or hero for the moment before the live page replaces it.
      if (Object.keys(req.query).length > 0 || readCookie(req.headers.cookie, SESSION_COOKIE)) return null;
      // The page's own choice first (it mirrors local storage into the cookie), then the browser's.
      const chosen = readCookie(req.headers.cookie, LANGUAGE_COOKIE)?.split('-')[0];
      if (chosen) return pages.get(chosen) ?? null;
      const accepted = req.headers['accept-language'] ? req.acceptsLanguages(languages) : false;
      return pages.get(accepted || 'en') ?? null;
    },
  };
}
