/**
 * Answers asked for while a page's code is still loading, so its first queries do not wait for the code,
 * the first render and each other (the dashboard's profile, campaigns and billing figures would otherwise
 * come one after another). Each is used once, by the first GET of its URL, and only while fresh.
 */
const freshForMs = 10_000;
const pending = new Map<string, { response: Promise<Response>; at: number }>();

export function warmUp(urls: readonly string[]): void {
  const now = Date.now();
  for (const url of urls) {
    const known = pending.get(url);
    if (known && now - known.at < freshForMs) continue;
    const response = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
    // Nobody may come for it (a signed-out visitor): its failure is nobody's error.
    response.catch(() => undefined);
    pending.set(url, { response, at: now });
  }
}

/**
 * Warms `first` (the profile), and `then` only once it answers with a profile: the campaigns, revenue and
 * payouts exist only for an advertiser (docs/product.md, API calls: GET /api/campaigns once a profile
 * exists). Asked for earlier, a visitor or a user without a profile got a 401 or 404 that the page never
 * used, left as an error in the browser's console.
 */
export function warmUpAfterProfile(first: string, then: readonly string[]): void {
  warmUp([first]);
  const known = pending.get(first);
  if (!known) return;
  // This handler is the response's first, so it clones the body before the page's query reads it.
  void known.response
    .then(async (response) => {
      if (!response.ok) return;
      const body = (await response.clone().text()).trim();
      if (body !== '' && body !== 'null') warmUp(then);
    })
    .catch(() => undefined);
}

/** The warmed-up answer of a GET of `url`, once; undefined when there is none or it is stale. */
export function takeWarm(url: string): Promise<Response> | undefined {
  const known = pending.get(url);
  pending.delete(url);
  return known && Date.now() - known.at < freshForMs ? known.response : undefined;
}
