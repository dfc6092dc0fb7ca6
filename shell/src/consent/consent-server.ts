import type { ConsentSource, ConsentState, PutConsentRequest } from '@laundry/contracts';
import type { CookieConsent } from './cookie-consent-rules.ts';

/**
 * A signed-in person's choice as the identity service records it (GET and PUT /api/me/consent), so a choice
 * made in one browser applies in the others. Shapes are checked by hand: the consent code is in the shell's
 * first-load script, which does not carry zod (docs/adr/0011).
 */
function isConsentState(value: unknown): value is ConsentState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  if (typeof state.currentVersion !== 'string') return false;
  if (state.consent === null) return true;
  const consent = state.consent as Record<string, unknown> | undefined;
  return (
    typeof consent === 'object' &&
    typeof consent.analytics === 'boolean' &&
    typeof consent.advertising === 'boolean' &&
    typeof state.consentVersion === 'string'
  );
}

/** The recorded choice, or undefined when it cannot be read (signed out meanwhile, offline, a server error). */
export async function fetchServerConsent(): Promise<ConsentState | undefined> {
  const response = await fetch('/api/me/consent', { credentials: 'same-origin' });
  if (!response.ok) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  return isConsentState(body) ? body : undefined;
}

/** The account's choice asked for before the first render, for one person, and its answer once it came. */
let early:
  | {
      userId: string;
      answer: Promise<ConsentState | undefined>;
      settled?: { state: ConsentState | undefined };
    }
  | undefined;

/**
 * Asks for the signed-in person's choice while the page's code loads (bootstrap.tsx), so the banner's first
 * render can know it; resolves once answered, also when the question failed.
 */
export function prefetchServerConsent(userId: string): Promise<void> {
  const answer = fetchServerConsent().catch(() => undefined);
  const entry: NonNullable<typeof early> = { userId, answer };
  early = entry;
  return answer.then((state) => {
    entry.settled = { state };
  });
}

/** The early answer for this person if it has come (undefined: not asked, or not answered yet). */
export function settledServerConsent(userId: string): { state: ConsentState | undefined } | undefined {
  return early?.userId === userId ? early.settled : undefined;
}

/** The early question for this person, handed over once, so the banner's state does not ask again. */
export function takeServerConsentRequest(userId: string): Promise<ConsentState | undefined> | undefined {
  if (early?.userId !== userId) return undefined;
  const { answer } = early;
  early = undefined;
  return answer;
}

/**
 * Records the choice for the person. A withdrawal of advertising consent names the advertising id this browser
 * held, read before the page removes the cookie, so the ad service can forget it.
 */
export async function saveServerConsent(request: PutConsentRequest): Promise<boolean> {
  const response = await fetch('/api/me/consent', {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  return response.ok;
}

export function consentRequest(
  consent: CookieConsent,
  version: string,
  source: ConsentSource,
  adViewerId: string | null,
): PutConsentRequest {
  return {
    analytics: consent.analytics,
    advertising: consent.advertising,
    consentVersion: version,
    source,
    ...(consent.advertising ? {} : { adViewerId }),
  };
}
