import {
  CONSENT_POLICY_VERSION,
  consentTypes,
  createEvent,
  userConsentChangedV1,
  type ConsentState,
  type ConsentType,
  type PutConsentRequest,
  type UserConsent,
} from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import { badRequest } from '@laundry/platform/errors';
import type { Outbox } from '@laundry/platform/outbox';
import type { ConsentRepository, NewConsentRecord } from './consent-store.ts';

/** A choice is asked again after 13 months (as long as the browser keeps the advertising id, at most). */
export const CONSENT_VALID_DAYS = 390;
/** The same rules wherever the person is: the strictest (consent before analytics or advertising). */
export const CONSENT_JURISDICTION = 'GLOBAL';

const legalBasisOf = (type: ConsentType) => (type === 'necessary' ? 'contract' : 'consent');

export interface ConsentDeps {
  db: Db;
  consents: ConsentRepository;
  outbox: Outbox;
}

/** Where the choice came from: the gateway's signed address, the browser's user agent, its advertising id. */
export interface ConsentContext {
  ipAddress: string | null;
  userAgent: string | null;
  /** The lf_ad_id cookie the request carried, if any. */
  adViewerCookie: string | null;
}

/** The current choice: null when a type has no record or its record has expired. */
export function stateOf(latest: readonly UserConsent[], now: Date): ConsentState {
  const byType = new Map(latest.map((record) => [record.consentType, record]));
  const records = consentTypes.map((type) => byType.get(type));
  const complete = records.every(
    (record) => record !== undefined && (record.expiresAt === null || new Date(record.expiresAt) > now),
  );
  if (!complete) {
    return {
      consent: null,
      consentVersion: null,
      currentVersion: CONSENT_POLICY_VERSION,
      recordedAt: null,
      expiresAt: null,
    };
  }
  const present = records as UserConsent[];
  // The oldest version any type was answered under: if one is behind, the whole choice is asked again.
  const consentVersion = present.map((record) => record.consentVersion ?? '').sort()[0] ?? null;
  const recordedAt =
    present
      .map((record) => record.createdAt)
      .sort()
      .at(-1) ?? null;
  const expiresAt =
    present
      .map((record) => record.expiresAt)
      .filter((value): value is string => value !== null)
      .sort()[0] ?? null;
  return {
    consent: {
      necessary: true,
      analytics: byType.get('analytics')!.hasConsented,
      advertising: byType.get('advertising')!.hasConsented,
    },
    consentVersion,
    currentVersion: CONSENT_POLICY_VERSION,
    recordedAt,
    expiresAt,
  };
}

export async function currentConsent(
  deps: ConsentDeps,
  userId: string,
  now = new Date(),
): Promise<ConsentState> {
  return stateOf(await deps.consents.latest(deps.db, userId), now);
}

/**
 * Records the person's choice: a new row for each type whose answer, policy version or expiry changed (a
 * withdrawal is such a row, with withdrawnAt), never an update. A change is announced through the outbox;
 * without advertising consent it carries the browser's advertising id so the ad service forgets it.
 */
export async function recordConsent(
  deps: ConsentDeps,
  userId: string,
  request: PutConsentRequest,
  context: ConsentContext,
  now = new Date(),
): Promise<ConsentState> {
  if (request.consentVersion > CONSENT_POLICY_VERSION) {
    throw badRequest('This policy version is not known.', 'UNKNOWN_CONSENT_VERSION');
  }
  const wanted: Record<ConsentType, boolean> = {
    necessary: true,
    analytics: request.analytics,
    advertising: request.advertising,
  };
  return deps.db.tx(async (tx) => {
    await deps.consents.lockPerson(tx, userId);
    const latest = await deps.consents.latest(tx, userId);
    const byType = new Map(latest.map((record) => [record.consentType, record]));
    const expiresAt = new Date(now.getTime() + CONSENT_VALID_DAYS * 86_400_000);
    const records: NewConsentRecord[] = [];
    for (const type of consentTypes) {
      const previous = byType.get(type);
      const unchanged =
        previous !== undefined &&
        previous.hasConsented === wanted[type] &&
        previous.consentVersion === request.consentVersion &&
        (previous.expiresAt === null || new Date(previous.expiresAt) > now);
      if (unchanged) continue;
      records.push({
        userId,
        consentType: type,
        hasConsented: wanted[type],
        consentVersion: request.consentVersion,
        legalBasis: legalBasisOf(type),
        jurisdiction: CONSENT_JURISDICTION,
        ipAddress: context.ipAddress?.slice(0, 45) ?? null,
        userAgent: context.userAgent?.slice(0, 1000) ?? null,
        consentSource: request.source,
        expiresAt,
        withdrawnAt: previous?.hasConsented && !wanted[type] ? now : null,
      });
    }
    if (records.length > 0) {
      await deps.consents.insert(tx, records);
      const adViewerId = request.advertising ? null : (request.adViewerId ?? context.adViewerCookie ?? null);
      await deps.outbox.record(
        tx,
        createEvent(userConsentChangedV1, deps.outbox.producer, {
          userId,
          analytics: request.analytics,
          advertising: request.advertising,
          consentVersion: request.consentVersion,
          adViewerId,
          changedAt: now.toISOString(),
        }),
      );
    }
    return stateOf(await deps.consents.latest(tx, userId), now);
  });
}
