import { createHash, randomBytes } from 'node:crypto';
import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { AppError, forbidden, notFound, unauthorized } from '@laundry/platform/errors';
import type { CreatedFeedKey, DirectoryClient, LiveState, MachineFeedRequest } from '@laundry/contracts';
import type { AvailabilityStore } from './availability-store.ts';
import { refreshLiveStates, type LiveStateDeps, type RefreshedLiveState } from './live-state-refresh.ts';
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
  resolve(answer: MachineFeedAnswer): void;
  reject(error: unknown): void;
}

/**
 * Where machine-feed messages are stored. Messages that arrive while a transaction is writing wait and go
 * together in the next one (group commit): a busy feed endpoint then costs a few statements per batch
 * instead of a dozen round trips per message, which is what bounds the messages a second. Each message is
 * still answered only after the transaction holding it committed, with the live state it led to.
 */
export function createMachineFeedIntake(
  deps: FeedDeps,
  options: { maxBatch?: number; concurrentBatches?: number } = {},
) {
  const maxBatch = options.maxBatch ?? 200;
  const concurrent = options.concurrentBatches ?? 2;
  const queue: QueuedMessage[] = [];
  let running = 0;

  const next = () => {
    while (running < concurrent && queue.length > 0) {
      running += 1;
      const batch = queue.splice(0, maxBatch);
      void storeBatch(deps, batch).finally(() => {
        running -= 1;
        next();
      });
    }
  };

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
      return new Promise((resolve, reject) => {
        queue.push({ hash: hashOf(key), message, now, resolve, reject });
        // Once the current turn's requests are queued too, so those arriving together share a batch.
        if (queue.length === 1) setImmediate(next);
      });
    },
  };
}
export type MachineFeedIntake = ReturnType<typeof createMachineFeedIntake>;

/** Stores a batch in one transaction; if that fails, each message alone, so one cannot fail the others. */
async function storeBatch(deps: FeedDeps, batch: QueuedMessage[]): Promise<void> {
  try {
    settle(batch, await deps.db.tx((tx) => storeMessages(deps, tx, batch)), deps);
  } catch (error) {
    if (batch.length === 1) return batch[0]!.reject(error);
    for (const item of batch) {
      try {
        settle([item], await deps.db.tx((tx) => storeMessages(deps, tx, [item])), deps);
      } catch (itemError) {
        item.reject(itemError);
      }
    }
  }
}

type Stored = {
  answers: Array<MachineFeedAnswer | AppError>;
  changes: RefreshedLiveState[];
};

function settle(batch: QueuedMessage[], stored: Stored, deps: FeedDeps): void {
  // After the commit: the live streams hear of each change, then each sender has its answer.
  for (const change of stored.changes)
    if (change.changed) deps.listeners.changed(change.event.laundromatId, change);
  batch.forEach((item, i) => {
    const answer = stored.answers[i]!;
    if (answer instanceof AppError) item.reject(answer);
    else item.resolve(answer);
  });
}

async function storeMessages(deps: FeedDeps, tx: Db, batch: QueuedMessage[]): Promise<Stored> {
  const keys = await deps.store.laundromatsOfKeys(
    tx,
    batch.map((item) => item.hash),
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
      if (!(heard.get(hash)! >= now)) heard.set(hash, now);
      answers.push({ laundromatId, accepted: message.machines.length, live: null });
    }
  }
  if (accepted.length === 0) return { answers, changes: [] };
  const byLaundromat = await saveMachineMessages(deps, tx, accepted);
  await deps.store.feedKeysHeard(tx, heard);
  for (const answer of answers) {
    if (!(answer instanceof AppError)) answer.live = byLaundromat.get(answer.laundromatId)!.live;
  }
  return { answers, changes: [...byLaundromat.values()] };
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
