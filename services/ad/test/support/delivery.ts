import { createHmac, randomUUID } from 'node:crypto';
import type { ServedAd } from '@laundry/contracts';
import { readAdToken, signAdToken, type AdDecision } from '../../src/domain/delivery/ad-token.ts';
import { caller, type Session, type TestStack } from './ad-stack.ts';

export const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** GET /api/ads as a browser would ask, answering the served ad or undefined for a 204. */
export async function requestAd(
  stack: TestStack,
  query: Record<string, string | number>,
  session?: Session,
): Promise<ServedAd | undefined> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`${stack.baseUrl}/api/ads?${params}`, {
    headers: { 'user-agent': browserAgent, ...(session ? { cookie: session.cookie } : {}) },
  });
  if (response.status === 204) return undefined;
  if (response.status !== 200) throw new Error(`GET /api/ads: ${response.status} ${await response.text()}`);
  return (await response.json()) as ServedAd;
}

export function reportImpression(
  stack: TestStack,
  token: string,
  userAgent: string | null = browserAgent,
  session?: Session,
) {
  return fetch(`${stack.baseUrl}/api/ads/impressions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // fetch sends 'node' when no agent is given; an empty one is how a client sends none.
      'user-agent': userAgent ?? '',
      ...(session ? { cookie: session.cookie } : {}),
    },
    body: JSON.stringify({ token }),
  });
}

export function click(stack: TestStack, clickUrl: string, userAgent: string = browserAgent) {
  return fetch(`${stack.baseUrl}${clickUrl}`, { redirect: 'manual', headers: { 'user-agent': userAgent } });
}

const tokenSecretOf = (stack: TestStack) =>
  createHmac('sha256', stack.env.INTERNAL_SECRET!).update('ad-decision-token').digest('hex');

/** A token the service would have signed, with what the test needs changed (an old issue time, say). */
export function forgeSignedToken(
  stack: TestStack,
  decision: Partial<AdDecision> & { campaignId: string },
): string {
  const secret = tokenSecretOf(stack);
  return signAdToken(
    {
      id: randomUUID(),
      placementKey: 'home-sidebar',
      userId: null,
      viewerKey: '',
      laundromatId: null,
      city: null,
      country: null,
      latitude: null,
      longitude: null,
      issuedAt: Math.floor(Date.now() / 1000),
      billedEvent: 'click',
      priceE4: 0,
      targetDigest: '',
      addressDigest: '',
      ...decision,
    },
    secret,
  );
}

/** A served ad's token signed again with some of its claims changed (its issue time, say). */
export function resignedToken(stack: TestStack, token: string, changes: Partial<AdDecision>): string {
  const secret = tokenSecretOf(stack);
  const reading = readAdToken(token, secret, Number.MAX_SAFE_INTEGER, Math.floor(Date.now() / 1000));
  if (!reading.ok) throw new Error('not a token the service signed');
  return signAdToken({ ...reading.decision, ...changes }, secret);
}

/** Events stored for a campaign, by validity. */
export async function storedEvents(stack: TestStack, campaignId: string) {
  return stack.ad.db.query<{ eventType: string; invalidReason: string | null; cost: string }>(
    `SELECT event_type AS "eventType", invalid_reason AS "invalidReason", cost::text AS cost
     FROM ad_events WHERE campaign_id = $1 ORDER BY created_at`,
    [campaignId],
  );
}

/** Creates a campaign as the advertiser and waits until the decision engine has loaded it. */
export async function liveCampaign(stack: TestStack, session: Session, body: Record<string, unknown>) {
  const created = await caller(stack, session)<{ id: string; moderationStatus: string }>(
    'POST',
    '/api/campaigns',
    body,
  );
  if (created.status !== 201) throw new Error(`campaign: ${created.status} ${JSON.stringify(created.body)}`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return created.body;
}
