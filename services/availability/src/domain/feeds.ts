import { createHash, randomBytes } from 'node:crypto';
import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { AppError, forbidden, notFound, unauthorized } from '@laundry/platform/errors';
import type { CreatedFeedKey, DirectoryClient, LiveState, MachineFeedRequest } from '@laundry/contracts';
import type { AvailabilityStore } from './availability-store.ts';
import { refreshLiveStates, type LiveStateDeps, type RefreshedLiveState } from './live-state-refresh.ts';
import type { LiveStateListener } from './live-state-listeners.ts';
import { createGroupCommit } from './group-commit.ts';
import { ExpiringCache } from './expiring-cache.ts';

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

export async function revokeFeedKey(
  deps: Pick<FeedDeps, 'db' | 'store'> & { feedKeys?: Pick<FeedKeyCache, 'forgetAll'> },
  keyId: string,
  now = new Date(),
) {
  const revoked = await deps.db.tx((tx) => deps.store.revokeFeedKey(tx, keyId, now));
  // Whichever key it was, this process no longer takes it from what it kept.
  deps.feedKeys?.forgetAll();
  if (!revoked) throw notFound('Feed key not found');
}

/** The bearer token of an Authorization header, or nothing. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

export const keyRequiredMessage = 'A feed key is required: send it as "Authorization: Bearer <key>".';
export const otherLaundromatMessage =
  'This feed key is for another laundromat: it can post only its own machines.';

export interface MachineFeedAnswer {
  laundromatId: string;
  accepted: number;
  live: LiveState | null;
}

interface QueuedMessage {
  hash: string;
  message: MachineFeedRequest;
  now: Date;
}

/**
 * Which laundromat each feed key posts for, kept a few seconds so that a busy feed endpoint does not read
 * its keys in every batch. A revocation in this process empties it at once (forgetAll); one made through
 * another replica takes effect here within `ttlMs`, and a rotated key's overlap ends on time, as its end is
 * kept with it. Keys that are unknown or revoked are not kept: they are read again each time.
 */
export function createFeedKeyCache(options: { ttlMs: number; max?: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const kept = new ExpiringCache<string, string>({ max: options.max ?? 50_000, now });
  return {
    /** The laundromat of each key that is valid now, by hash; those not kept are read with `read`. */
    async laundromatsOf(
      hashes: readonly string[],
      read: (hashes: string[]) => Promise<Map<string, { laundromatId: string; revokedAt: Date | null }>>,
    ): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      const missing: string[] = [];
      for (const hash of new Set(hashes)) {
        const laundromatId = kept.get(hash);
        if (laundromatId) found.set(hash, laundromatId);
        else missing.push(hash);
      }
      if (missing.length === 0) return found;
      const readAt = now();
      for (const [hash, { laundromatId, revokedAt }] of await read(missing)) {
        found.set(hash, laundromatId);
        if (options.ttlMs > 0) {
          kept.set(hash, laundromatId, Math.min(readAt + options.ttlMs, revokedAt?.getTime() ?? Infinity));
        }
      }
      return found;
    },
    forgetAll(): void {
      kept.clear();
    },
  };
}
export type FeedKeyCache = ReturnType<typeof createFeedKeyCache>;

/**
 * Where machine-feed messages are stored, in batches (group commit, group-commit.ts): a busy feed endpoint
 * then costs a few statements per batch instead of a dozen round trips per message. Each message is still
 * answered only after the transaction holding it committed, with the live state it led to. A key's last
 * message (what its owner's list shows, healthy within 15 minutes) is written at most every
 * `heardEveryMs` per key by this process, not with every message.
 */
export function createMachineFeedIntake(
  deps: FeedDeps & { feedKeys: FeedKeyCache },
  options: { maxBatch?: number; concurrentBatches?: number; heardEveryMs?: number; now?: () => number } = {},
) {
  const heardEveryMs = options.heardEveryMs ?? 30_000;
  const clock = options.now ?? Date.now;
  const heardWritten = new ExpiringCache<string, true>({ max: 50_000, now: clock });
  const batches = createGroupCommit(
    (batch: readonly QueuedMessage[]) =>
      deps.db.tx((tx) => storeMessages(deps, tx, batch, (hash) => heardWritten.get(hash) === undefined)),
    {
      ...options,
      committed(stored: Stored) {
        const written = clock();
        for (const hash of stored.heardWritten) heardWritten.set(hash, true, written + heardEveryMs);
        // The live streams hear of each change, then each sender has its answer.
        for (const change of stored.changes)
          if (change.changed) deps.listeners.changed(change.event.laundromatId, change);
      },
    },
  );

  return {
    /**
     * A laundromat's system posts its machines' states with its key. The key names the laundromat: a
     * message for another laundromat is refused whole, as is one with a revoked or unknown key.
     */
    accept(
      key: string | undefined,
      message: MachineFeedRequest,
      now = new Date(),
    ): Promise<MachineFeedAnswer> {
      if (!key) return Promise.reject(new AppError(401, keyRequiredMessage, 'UNAUTHORIZED'));
      return batches.submit({ hash: hashOf(key), message, now });
    },
  };
}
export type MachineFeedIntake = ReturnType<typeof createMachineFeedIntake>;

type Stored = {
  answers: Array<MachineFeedAnswer | AppError>;
  changes: RefreshedLiveState[];
  /** The keys whose last message this transaction wrote. */
  heardWritten: string[];
};

async function storeMessages(
  deps: FeedDeps & { feedKeys: FeedKeyCache },
  tx: Db,
  batch: readonly QueuedMessage[],
  heardDue: (hash: string) => boolean,
): Promise<Stored> {
  const keys = await deps.feedKeys.laundromatsOf(
    batch.map((item) => item.hash),
    (hashes) => deps.store.laundromatsOfKeys(tx, hashes),
  );
  const answers: Array<MachineFeedAnswer | AppError> = [];
  const accepted: Array<{ laundromatId: string; machines: MachineFeedRequest['machines']; at: Date }> = [];
  const heard = new Map<string, Date>();
  for (const { hash, message, now } of batch) {
    const laundromatId = keys.get(hash);
    if (!laundromatId) {
      answers.push(unauthorized(invalidKeyMessage));
    } else if (message.laundromatId && message.laundromatId !== laundromatId) {
      answers.push(forbidden(otherLaundromatMessage));
    } else {
      accepted.push({ laundromatId, machines: message.machines, at: now });
      if (heardDue(hash) && !(heard.get(hash)! >= now)) heard.set(hash, now);
      answers.push({ laundromatId, accepted: message.machines.length, live: null });
    }
  }
  if (accepted.length === 0) return { answers, changes: [], heardWritten: [] };
  const byLaundromat = await saveMachineMessages(deps, tx, accepted);
  await deps.store.feedKeysHeard(tx, heard);
  for (const answer of answers) {
    if (!(answer instanceof AppError)) answer.live = byLaundromat.get(answer.laundromatId)!.live;
  }
  return { answers, changes: [...byLaundromat.values()], heardWritten: [...heard.keys()] };
}

/**
 * Stores the machines of the messages and moves their laundromats' live states, inside `tx`. A laundromat
 * named by several messages is computed once, at the latest of their times.
 */
async function saveMachineMessages(
  deps: FeedDeps,
  tx: Db,
  messages: Array<{ laundromatId: string; machines: MachineFeedRequest['machines']; at: Date }>,
): Promise<Map<string, RefreshedLiveState>> {
  await deps.store.saveMachines(tx, messages);
  const latest = new Map<string, Date>();
  for (const { laundromatId, at } of messages) {
    if (!(latest.get(laundromatId)! >= at)) latest.set(laundromatId, at);
  }
  const wanted = [...latest.entries()].map(([laundromatId, now]) => ({ laundromatId, now }));
  const refreshed = await refreshLiveStates(deps, tx, wanted);
  return new Map(wanted.map(({ laundromatId }, i) => [laundromatId, refreshed[i]!]));
}

/**
 * Stores a laundromat's machines and moves its live state, in one transaction: what the demo feeds
 * (demo-feeds.ts) send without a key.
 */
export async function recordMachineStates(
  deps: FeedDeps,
  laundromatId: string,
  machines: MachineFeedRequest['machines'],
  now: Date,
): Promise<LiveState | null> {
  const outcome = await deps.db.tx(async (tx) =>
    (await saveMachineMessages(deps, tx, [{ laundromatId, machines, at: now }])).get(laundromatId)!,
  );
  if (outcome.changed) deps.listeners.changed(laundromatId, outcome);
  return outcome.live;
}
