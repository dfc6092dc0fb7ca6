import { randomBytes } from 'node:crypto';
import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { forbidden, notFound } from '@laundry/platform/errors';
import { auditSuccess, type AuditContext, type Outbox } from '@laundry/platform/outbox';
import {
  feedHealthyMinutes,
  feedKeyRotationOverlapMinutes,
  type CreatedFeedKey,
  type DirectoryClient,
  type OwnerFeedKeyList,
  type OwnerOutOfOrder,
  type RotatedFeedKey,
} from '@laundry/contracts';
import { hashOf, keyPrefix } from './feeds.ts';
import type { OutOfOrderStore } from './out-of-order.ts';

const MINUTE = 60_000;

export interface StoredOwnerFeedKey {
  id: string;
  label: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  lastMessageAt: Date | null;
}

/** The owner's side of the feed keys (infra/owner-feed-repository.ts). */
export interface OwnerFeedStore {
  /** The laundromat's verified owner by this service's copy of the owner events. */
  ownerOf(laundromatId: string): Promise<string | undefined>;
  keysOf(laundromatId: string): Promise<StoredOwnerFeedKey[]>;
  /** The key, locked, when it belongs to the laundromat. */
  keyOf(tx: Db, laundromatId: string, keyId: string): Promise<StoredOwnerFeedKey | undefined>;
  insertKey(
    tx: Db,
    key: { laundromatId: string; label: string | null; hash: string; createdBy: string },
  ): Promise<StoredOwnerFeedKey>;
  /** Sets when the key stops working, never later than an end it already has. */
  endKey(tx: Db, keyId: string, at: Date): Promise<void>;
}

export interface OwnerFeedDeps {
  db: Db;
  outbox: Outbox;
  ownerFeeds: OwnerFeedStore;
  outOfOrder: OutOfOrderStore;
  directory: Pick<DirectoryClient, 'laundromatPoint' | 'laundromatNames'>;
  /** What this process keeps of the keys (feeds.ts), emptied when one is revoked. */
  feedKeys?: { forgetAll(): void };
}

export const notYourLaundromatMessage =
  'Only the verified owner of this laundromat can manage its machine feed and out-of-order reports.';
export const keyNotFoundMessage = 'This feed key does not exist or was already revoked.';

/** The verified owner (or an admin) of a listed laundromat; anyone else is refused before anything is read. */
export async function assertOwner(
  deps: Pick<OwnerFeedDeps, 'ownerFeeds' | 'directory'>,
  user: Identity,
  laundromatId: string,
): Promise<void> {
  if (user.role !== 'admin' && (await deps.ownerFeeds.ownerOf(laundromatId)) !== user.id) {
    throw forbidden(notYourLaundromatMessage);
  }
  if (!(await deps.directory.laundromatPoint(laundromatId))) throw notFound('Laundromat not found');
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const isHealthy = (last: Date | null, now: Date) =>
  last !== null && now.getTime() - last.getTime() < feedHealthyMinutes * MINUTE;

/** The laundromat's keys, each with its last message, and whether the feed as a whole is heard. */
export async function listOwnerFeedKeys(
  deps: OwnerFeedDeps,
  user: Identity,
  laundromatId: string,
  now = new Date(),
): Promise<OwnerFeedKeyList> {
  await assertOwner(deps, user, laundromatId);
  const keys = await deps.ownerFeeds.keysOf(laundromatId);
  const last = keys.reduce<Date | null>(
    (newest, key) =>
      key.lastMessageAt && (!newest || key.lastMessageAt > newest) ? key.lastMessageAt : newest,
    null,
  );
  return {
    laundromatId,
    items: keys.map((key) => ({
      id: key.id,
      label: key.label,
      createdAt: key.createdAt.toISOString(),
      revokedAt: iso(key.revokedAt),
      active: key.revokedAt === null || key.revokedAt > now,
      lastMessageAt: iso(key.lastMessageAt),
      healthy: isHealthy(key.lastMessageAt, now),
    })),
    lastMessageAt: iso(last),
    feed: last === null ? 'none' : isHealthy(last, now) ? 'healthy' : 'stale',
  };
}

const newKey = () => `${keyPrefix}${randomBytes(32).toString('base64url')}`;

const keyChange = (action: string, laundromatId: string, keyId: string) => ({
  action,
  resource: 'feed-key',
  resourceId: keyId,
  advertiserId: null,
  oldData: null,
  newData: { laundromatId },
});

/** A new key for the owner's feed; the answer is the only time it is seen. Audited. */
export async function createOwnerFeedKey(
  deps: OwnerFeedDeps,
  user: Identity,
  context: AuditContext,
  laundromatId: string,
  label: string | undefined,
  now = new Date(),
): Promise<CreatedFeedKey> {
  await assertOwner(deps, user, laundromatId);
  const key = newKey();
  const row = await deps.db.tx(async (tx) => {
    const inserted = await deps.ownerFeeds.insertKey(tx, {
      laundromatId,
      label: label || null,
      hash: hashOf(key),
      createdBy: user.id,
    });
    await auditSuccess(
      tx,
      deps.outbox,
      context,
      keyChange('availability.feed-key.create', laundromatId, inserted.id),
      now,
    );
    return inserted;
  });
  return { id: row.id, laundromatId, label: row.label, createdAt: row.createdAt.toISOString(), key };
}

/**
 * A new key in place of an active one, with its label. The old key keeps working for an overlap, so the
 * payment system can be given the new key without the feed going silent; a leaked key is revoked instead.
 */
export async function rotateOwnerFeedKey(
  deps: OwnerFeedDeps,
  user: Identity,
  context: AuditContext,
  laundromatId: string,
  keyId: string,
  now = new Date(),
): Promise<RotatedFeedKey> {
  await assertOwner(deps, user, laundromatId);
  const key = newKey();
  const endsAt = new Date(now.getTime() + feedKeyRotationOverlapMinutes * MINUTE);
  return deps.db.tx(async (tx) => {
    const old = await deps.ownerFeeds.keyOf(tx, laundromatId, keyId);
    if (!old || (old.revokedAt && old.revokedAt <= now)) throw notFound(keyNotFoundMessage);
    await deps.ownerFeeds.endKey(tx, keyId, endsAt);
    const inserted = await deps.ownerFeeds.insertKey(tx, {
      laundromatId,
      label: old.label,
      hash: hashOf(key),
      createdBy: user.id,
    });
    await auditSuccess(
      tx,
      deps.outbox,
      context,
      {
        ...keyChange('availability.feed-key.rotate', laundromatId, keyId),
        newData: { laundromatId, replacedBy: inserted.id, endsAt: endsAt.toISOString() },
      },
      now,
    );
    const revokedAt = old.revokedAt && old.revokedAt < endsAt ? old.revokedAt : endsAt;
    return {
      id: inserted.id,
      laundromatId,
      label: inserted.label,
      createdAt: inserted.createdAt.toISOString(),
      key,
      replaces: { id: keyId, revokedAt: revokedAt.toISOString() },
    };
  });
}

/** Ends a key at once: its next message is refused with a 401. Audited. */
export async function revokeOwnerFeedKey(
  deps: OwnerFeedDeps,
  user: Identity,
  context: AuditContext,
  laundromatId: string,
  keyId: string,
  now = new Date(),
): Promise<void> {
  await assertOwner(deps, user, laundromatId);
  await deps.db.tx(async (tx) => {
    const key = await deps.ownerFeeds.keyOf(tx, laundromatId, keyId);
    if (!key || (key.revokedAt && key.revokedAt <= now)) throw notFound(keyNotFoundMessage);
    await deps.ownerFeeds.endKey(tx, keyId, now);
    await auditSuccess(
      tx,
      deps.outbox,
      context,
      keyChange('availability.feed-key.revoke', laundromatId, keyId),
      now,
    );
  });
  // Its next message is refused here at once, not once what this process kept of it expires.
  deps.feedKeys?.forgetAll();
}

/** What visitors last said is broken there, since the last 'Mark fixed'. */
export async function ownerOutOfOrder(
  deps: OwnerFeedDeps,
  user: Identity,
  laundromatId: string,
): Promise<OwnerOutOfOrder> {
  await assertOwner(deps, user, laundromatId);
  const current = await deps.outOfOrder.current(deps.db, laundromatId);
  return {
    laundromatId,
    current: current
      ? { washers: current.washers, dryers: current.dryers, reportedAt: current.reportedAt.toISOString() }
      : null,
  };
}
