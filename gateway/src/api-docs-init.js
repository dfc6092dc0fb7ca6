/* global window, SwaggerUIBundle */
// A file of its own rather than an inline script: the gateway's Content-Security-Policy allows no inline script.
window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#api-reference',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  // The badge would send the document to a validator on another site; the page must work offline.
  validatorUrl: null,
  // Nearly 150 operations: each service's list opens when its name is chosen, and the box filters by tag.
  // Opened all at once, Swagger UI 5 drew only the first service's operations and silently dropped the rest.
  docExpansion: 'none',
  filter: true,
});
