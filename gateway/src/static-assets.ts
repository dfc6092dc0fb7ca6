import express, { type RequestHandler, type Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';

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
}

/** The shell at /, the two remotes under their own prefixes, and the shell's index.html for client-side routes. */
export function frontEnd(staticRoot: string): FrontEnd {
  const router = express.Router();
  const shellDist = path.resolve(staticRoot, 'shell/dist');
  for (const remote of ['mf-finder', 'mf-advertiser']) {
    const dist = path.resolve(staticRoot, remote, 'dist');
    if (existsSync(dist)) router.use(`/${remote}`, serveDist(dist));
  }
  const indexHtml = path.join(shellDist, 'index.html');
  const built = existsSync(indexHtml);
  if (built) {
    router.use(serveDist(shellDist));
    router.get(/^\/(?!api\/|objects\/).*/, (req, res, next) => {
      if (!req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml);
    });
  }
  return { router, built };
}
