import { createHash, randomBytes } from 'node:crypto';
import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { AppError, forbidden, notFound, unauthorized } from '@laundry/platform/errors';
import type { CreatedFeedKey, DirectoryClient, LiveState, MachineFeedRequest } from '@laundry/contracts';
import type { AvailabilityStore } from './availability-store.ts';
import { refreshLiveState, type LiveStateDeps } from './live-state-refresh.ts';
import type { LiveStateListener } from './live-state-listeners.ts';

export interface FeedDeps extends LiveStateDeps {
  db: Db;
  store: AvailabilityStore;
  directory: DirectoryClient;
  listeners: LiveStateListener;
}

/** Keys are 32 random bytes; what is stored is their SHA-256, enough for a secret of that strength. */
export const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
export const keyPrefix = 'lfk_';

export const invalidKeyMessage =
  'This feed key is not valid: it was revoked or never issued. Ask an admin for a new key.';

/** An admin issues a key for one laundromat's feed; the answer is the only time the key is seen. */
export async function issueFeedKey(
  deps: Pick<FeedDeps, 'db' | 'store' | 'directory'>,
  admin: Identity,
  laundromatId: string,
  label: string | undefined,
): Promise<CreatedFeedKey> {
  if (!(await deps.directory.laundromatPoint(laundromatId))) throw notFound('Laundromat not found');
  const key = `${keyPrefix}${randomBytes(32).toString('base64url')}`;
  const row = await deps.db.tx((tx) =>
    deps.store.insertFeedKey(tx, {
      laundromatId,
      label: label || null,
      hash: hashOf(key),
      createdBy: admin.id,
    }),
  );
  return { ...row, createdAt: row.createdAt.toISOString(), key };
}

export async function revokeFeedKey(deps: Pick<FeedDeps, 'db' | 'store'>, keyId: string, now = new Date()) {
  const revoked = await deps.db.tx((tx) => deps.store.revokeFeedKey(tx, keyId, now));
  if (!revoked) throw notFound('Feed key not found');
}

/** The bearer token of an Authorization header, or nothing. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * A laundromat's system posts its machines' states with its key. The key names the laundromat: a message
 * for another laundromat is refused whole, as is one with a revoked or unknown key.
 */
export async function acceptMachineFeed(
  deps: FeedDeps,
  key: string | undefined,
  message: MachineFeedRequest,
  now = new Date(),
): Promise<{ laundromatId: string; accepted: number; live: LiveState | null }> {
  if (!key) {
    throw new AppError(
      401,
      'A feed key is required: send it as "Authorization: Bearer <key>".',
      'UNAUTHORIZED',
    );
  }
  const laundromatId = await deps.store.laundromatOfKey(hashOf(key));
  if (!laundromatId) throw unauthorized(invalidKeyMessage);
  if (message.laundromatId && message.laundromatId !== laundromatId) {
    throw forbidden('This feed key is for another laundromat: it can post only its own machines.');
  }
  const live = await recordMachineStates(deps, laundromatId, message.machines, now);
  await deps.store.feedKeyHeard(hashOf(key), now);
  return { laundromatId, accepted: message.machines.length, live };
}

/**
 * Stores a laundromat's machines and moves its live state, in one transaction: what a key's message does
 * once the key is checked, and what the demo feeds (demo-feeds.ts) send without one.
 */
export async function recordMachineStates(
  deps: FeedDeps,
  laundromatId: string,
  machines: MachineFeedRequest['machines'],
  now: Date,
): Promise<LiveState | null> {
  const outcome = await deps.db.tx(async (tx) => {
    await deps.store.saveMachines(tx, laundromatId, machines, now);
    return refreshLiveState(deps, tx, laundromatId, now);
  });
  if (outcome.changed) deps.listeners.changed(laundromatId, outcome);
  return outcome.live;
}
