/** Shown at / only while the shell has not been built, so a fresh checkout explains itself instead of 404ing. */
export function notBuiltPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Laundromat Finder</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
code{background:#f3f4f6;padding:.1rem .3rem;border-radius:.25rem}a{color:#2563eb}</style></head>
<body><h1>Laundromat Finder</h1>
<p>The API is running. The web front end has not been built in this checkout.</p>
<ul>
<li><a href="/api/login">Sign in or create an account</a></li>
<li><a href="/api/laundromats?latitude=51.5074&amp;longitude=-0.1278&amp;limit=5">Laundromats near London</a></li>
<li><a href="/api/laundromats/search?q=10001">Laundromats near ZIP 10001</a></li>
<li><a href="/api/geocode?q=Tokyo">Geocode “Tokyo”</a></li>
</ul></body></html>`;
}
