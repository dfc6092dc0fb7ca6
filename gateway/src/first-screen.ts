import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { readCookie, SESSION_COOKIE } from '@laundry/platform/auth';
import { LANGUAGE_COOKIE } from '@laundry/platform/http';
import { builtFilePath } from './built-files.ts';

/**
 * The first screens, prerendered per language at build time (scripts/src/prerender-first-screen.ts) into
 * shell/dist/first-screen/, so a visitor sees a page before any JavaScript has run: the home page of a
 * signed-out first visit in <language>.html, and every other page, as it shows while its code loads, in
 * page/<language>.html (signed out) and page-signed-in/<language>.html.
 */
export const FIRST_SCREEN_FOLDER = 'first-screen';

/** Where each kind of screen lies under FIRST_SCREEN_FOLDER. */
export const FIRST_SCREEN_KINDS = { home: '', page: 'page', pageSignedIn: 'page-signed-in' } as const;
type Kind = keyof typeof FIRST_SCREEN_KINDS;

export interface FirstScreens {
  /** The prerendered page for this request in the visitor's language, or null to serve the plain index.html. */
  pageFor(req: Request): string | null;
  /** CSP source expressions ('sha256-…') of the inline scripts these pages carry. */
  scriptHashes: string[];
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
/** The style sheets a page carries written in, by where they lie in the built front end. */
const STYLE_SHEET = /<style data-href="[^"]*" data-file="([^"]+)"/g;

/**
 * The screen that fits a request: the hero only for a signed-out visit to the bare home page (a link with a
 * query opens a search or a laundromat, not the hero); otherwise the page loading, with the header of a
 * signed-in person when the request carries a session. A stale session is found out only by the page, which
 * then shows its Sign in button in the avatar's place.
 */
export function firstScreenKind(req: Pick<Request, 'path' | 'query' | 'headers'>): Kind {
  const signedIn = readCookie(req.headers.cookie, SESSION_COOKIE) !== undefined;
  if (signedIn) return 'pageSignedIn';
  return req.path === '/' && Object.keys(req.query).length === 0 ? 'home' : 'page';
}

/**
 * Reads the prerendered pages once. A page made from style sheets that are gone (the apps were rebuilt
 * without prerendering again) is left out: it would no longer look like the page that replaces it.
 */
export function loadFirstScreens(staticRoot: string, logger?: Logger): FirstScreens {
  const root = path.resolve(staticRoot, 'shell/dist', FIRST_SCREEN_FOLDER);
  const pages = new Map<Kind, Map<string, string>>();
  const hashes = new Set<string>();
  for (const [kind, subfolder] of Object.entries(FIRST_SCREEN_KINDS) as [Kind, string][]) {
    const folder = path.join(root, subfolder);
    const languages = new Map<string, string>();
    pages.set(kind, languages);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.html'))) {
      const html = readFileSync(path.join(folder, file), 'utf8');
      const missing = [...html.matchAll(STYLE_SHEET)]
        .map((match) => match[1]!)
        .filter((href) => !existsSync(builtFilePath(staticRoot, href)));
      if (missing.length > 0) {
        logger?.warn(
          { file: path.join(subfolder, file), missing },
          'prerendered first screen is stale; run npm run build',
        );
        continue;
      }
      languages.set(path.basename(file, '.html'), html);
      for (const match of html.matchAll(INLINE_SCRIPT)) {
        hashes.add(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
      }
    }
  }
  return {
    scriptHashes: [...hashes],
    pageFor(req) {
      const screens = pages.get(firstScreenKind(req))!;
      const languages = [...screens.keys()];
      if (languages.length === 0) return null;
      // The page's own choice first (it mirrors local storage into the cookie), then the browser's.
      const chosen = readCookie(req.headers.cookie, LANGUAGE_COOKIE)?.split('-')[0];
      if (chosen) return screens.get(chosen) ?? null;
      const accepted = req.headers['accept-language'] ? req.acceptsLanguages(languages) : false;
      return screens.get(accepted || 'en') ?? null;
    },
  };
}
