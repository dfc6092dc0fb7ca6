import express, { type RequestHandler, type Router } from 'express';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { remotes } from './built-files.ts';
import { loadFirstScreens } from './first-screen.ts';
import { withLinkPreview, type LinkPreviews } from './link-preview.ts';
import { isApiPath } from './route-table.ts';
import { remotesManifest, withRemotesManifest } from './remotes-manifest.ts';

const HASHED_FILE = /[.-][0-9a-f]{8,}\.(js|mjs|css|woff2?|png|jpe?g|svg|webp|json|wasm)$/i;

/** Hashed files never change, so browsers may keep them for a year; everything else is revalidated. */
function setCacheHeaders(res: ServerResponse, filePath: string): void {
  const name = path.basename(filePath);
  if (HASHED_FILE.test(name)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'no-cache');
  }
  if (name === 'sw.js') res.setHeader('Service-Worker-Allowed', '/');
}

function serveDist(dist: string): RequestHandler {
  return express.static(dist, { index: false, setHeaders: setCacheHeaders, fallthrough: true });
}

export interface FrontEnd {
  router: Router;
  built: boolean;
  /** CSP hashes of the inline scripts in the pages served (the prerendered first screens). */
  scriptHashes: string[];
}

/**
 * The shell at /, the remotes under their own prefixes, and the shell's index.html for client-side routes;
 * a laundromat's link gets its title and description written in for link previews (link-preview.ts).
 */
export function frontEnd(staticRoot: string, logger?: Logger, previews?: LinkPreviews): FrontEnd {
  const router = express.Router();
  const shellDist = path.resolve(staticRoot, 'shell/dist');
  for (const remote of remotes) {
    const dist = path.resolve(staticRoot, remote, 'dist');
    if (existsSync(dist)) router.use(`/${remote}`, serveDist(dist));
  }
  const indexHtml = path.join(shellDist, 'index.html');
  const built = existsSync(indexHtml);
  const firstScreens = loadFirstScreens(staticRoot, logger);
  const manifest = remotesManifest(staticRoot, process.env.REMOTES_MANIFEST);
  if (built) {
    // Which build of each remote the shell loads; the page carries the same in a data block.
    router.get('/remotes.json', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.json(manifest());
    });
    router.use(serveDist(shellDist));
    router.get(/.*/, async (req, res, next) => {
      if (isApiPath(req.path) || !req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      const firstScreen = firstScreens.pageFor(req);
      if (firstScreen !== null) res.setHeader('Vary', 'Accept-Language, Cookie');
      const preview = await previews?.forRequest(req);
      if (preview) {
        // Its words are in the language the request asks for (link-preview-language.ts).
        res.vary('Accept-Language').vary('Cookie');
      }
      // index.html is read each time: a rebuild replaces it (and the hashed scripts it names) under us.
      const page = withRemotesManifest(firstScreen ?? (await readFile(indexHtml, 'utf8')), manifest());
      res.type('html').send(preview ? withLinkPreview(page, preview) : page);
    });
  }
  return { router, built, scriptHashes: firstScreens.scriptHashes };
}
