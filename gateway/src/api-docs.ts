import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import { createOpenApiDocument } from '@laundry/contracts/openapi';
import { services } from '../../services.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Only what the page loads, by name: nothing else of the renderer's folder (its demo page, source maps). */
const assets = new Map([
  ['swagger-ui-bundle.js', path.join(swaggerUiDir, 'swagger-ui-bundle.js')],
  ['swagger-ui.css', path.join(swaggerUiDir, 'swagger-ui.css')],
  ['favicon-32x32.png', path.join(swaggerUiDir, 'favicon-32x32.png')],
  ['api-docs-init.js', fileURLToPath(new URL('./api-docs-init.js', import.meta.url))],
]);

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Laundromat Finder API</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" />
  </head>
  <body>
    <noscript>The API reference needs JavaScript; the document itself is at ${OPENAPI_PATH}.</noscript>
    <div id="api-reference"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/api-docs-init.js"></script>
  </body>
</html>
`;

/**
 * The OpenAPI document of every service, and a reference page rendering it with Swagger UI from this
 * origin (no CDN, so it works offline and under the gateway's CSP). A developer page: not translated.
 */
export function apiDocs(): Router {
  const router = express.Router();
  let documentJson: string | undefined;
  // Each service's tag is described by its line in the services list; the gateway's own calls by this.
  const serviceSummaries = {
    ...Object.fromEntries(services.map((service) => [service.name, service.summary])),
    gateway: 'What the gateway answers itself, gathered from every service.',
  };

  router.get(OPENAPI_PATH, (_req, res) => {
    documentJson ??= JSON.stringify(createOpenApiDocument(undefined, serviceSummaries));
    res.set('Cache-Control', 'no-cache').type('json').send(documentJson);
  });
  router.get(API_DOCS_PATH, (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('html').send(page);
  });
  router.get(`${API_DOCS_PATH}/:asset`, (req, res, next) => {
    const file = assets.get(req.params.asset);
    if (!file) return next();
    res.sendFile(file, { headers: { 'Cache-Control': 'no-cache' } });
  });
  return router;
}
