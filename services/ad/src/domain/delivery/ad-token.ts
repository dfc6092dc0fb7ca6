import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What one ad decision was: signed into the token the page sends back to count the impression and to click,
 * so an event names a decision the server made (nothing to forge) and counts once per decision (its id).
 */
export interface AdDecision {
  /** The decision's id, unique per served ad. */
  id: string;
  campaignId: string;
  /** The creative shown; absent (or the campaign's id) for the campaign's own content. */
  creativeId?: string;
  placementKey: string;
  /** Who saw it: their user id when signed in (an advertiser's own views are not billed). */
  userId: string | null;
  /** The frequency-cap key: the first-party id with advertising consent, else the session's. */
  viewerKey: string;
  laundromatId: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Seconds since the epoch. */
  issuedAt: number;
  /**
   * What the decision priced: the event the campaign pays for and its price in E4 (contracts' money), fixed when the
   * ad won, so a bid changed afterwards never reprices an ad already served.
   */
  billedEvent: 'impression' | 'click';
  priceE4: number;
  /** A digest of the target URL served (targetDigest): a click goes there and nowhere else. */
  targetDigest: string;
  /** A digest of the client address the decision was made for (addressDigest): its events must come from it. */
  addressDigest: string;
}

type Claims = [
  string,
  string,
  string,
  string | null,
  string,
  string | null,
  string | null,
  string | null,
  number | null,
  number | null,
  number,
  'impression' | 'click',
  number,
  string,
  string,
  string,
];

const encode = (d: AdDecision): Claims => [
  d.id,
  d.campaignId,
  d.placementKey,
  d.userId,
  d.viewerKey,
  d.laundromatId,
  d.city,
  d.country,
  d.latitude,
  d.longitude,
  d.issuedAt,
  d.billedEvent,
  d.priceE4,
  d.targetDigest,
  d.addressDigest,
  d.creativeId ?? d.campaignId,
];

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest();

/** A short keyed digest: the token names the target and the client address without carrying either. */
const digest = (purpose: string, value: string, secret: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${value}`).digest().subarray(0, 16).toString('base64url');

export const targetDigest = (targetUrl: string, secret: string) => digest('target', targetUrl, secret);
export const addressDigest = (clientAddress: string, secret: string) =>
  digest('address', clientAddress, secret);

export function signAdToken(decision: AdDecision, secret: string): string {
  const payload = Buffer.from(JSON.stringify(encode(decision))).toString('base64url');
  return `${payload}.${sign(payload, secret).toString('base64url')}`;
}

export type TokenReading = { ok: true; decision: AdDecision; expired: boolean } | { ok: false };

const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
const textOrNull = (value: unknown) => (value === null || typeof value === 'string' ? value : undefined);
const numberOrNull = (value: unknown) =>
  value === null || (typeof value === 'number' && Number.isFinite(value)) ? value : undefined;

/**
 * The campaign a token says it is for, read without checking its signature: only to file a forged click
 * under the campaign it was aimed at (if that campaign exists), never to count or bill anything.
 */
export function claimedCampaignId(token: string): string | undefined {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'));
    return Array.isArray(claims) && isUuid(claims[1]) ? claims[1] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A token this service signed, with whether it has outlived `ttlSeconds`; anything else (a forged or
 * damaged token) is not a decision at all.
 */
export function readAdToken(
  token: string,
  secret: string,
  ttlSeconds: number,
  nowSeconds: number,
): TokenReading {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false };
  const expected = sign(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false };
  }
  // A token signed before creatives existed has fifteen claims: its ad showed the campaign's own content.
  if (!Array.isArray(claims) || (claims.length !== 15 && claims.length !== 16)) return { ok: false };
  const [
    id,
    campaignId,
    placementKey,
    userId,
    viewerKey,
    laundromatId,
    city,
    country,
    latitude,
    longitude,
    issuedAt,
    billedEvent,
    priceE4,
    servedTarget,
    servedAddress,
    creativeId = campaignId,
  ] = claims as unknown[];
  if (
    !isUuid(id) ||
    !isUuid(campaignId) ||
    !isUuid(creativeId) ||
    typeof placementKey !== 'string' ||
    typeof viewerKey !== 'string'
  ) {
    return { ok: false };
  }
  if (typeof issuedAt !== 'number') return { ok: false };
  if (
    (billedEvent !== 'impression' && billedEvent !== 'click') ||
    !Number.isSafeInteger(priceE4) ||
    (priceE4 as number) < 0 ||
    typeof servedTarget !== 'string' ||
    typeof servedAddress !== 'string'
  ) {
    return { ok: false };
  }
  const decision: AdDecision = {
    id,
    campaignId,
    ...(creativeId === campaignId ? {} : { creativeId }),
    placementKey,
    userId: textOrNull(userId) ?? null,
    viewerKey,
    laundromatId: textOrNull(laundromatId) ?? null,
    city: textOrNull(city) ?? null,
    country: textOrNull(country) ?? null,
    latitude: numberOrNull(latitude) ?? null,
    longitude: numberOrNull(longitude) ?? null,
    issuedAt,
    billedEvent,
    priceE4: priceE4 as number,
    targetDigest: servedTarget,
    addressDigest: servedAddress,
  };
  return { ok: true, decision, expired: nowSeconds - issuedAt > ttlSeconds || issuedAt > nowSeconds + 60 };
}
