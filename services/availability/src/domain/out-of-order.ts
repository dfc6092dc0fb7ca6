import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { notFound } from '@laundry/platform/errors';
import { auditSuccess, type AuditContext, type Outbox } from '@laundry/platform/outbox';
import type { DirectoryClient, OutOfOrderFixed, OutOfOrderList } from '@laundry/contracts';

/** Machines visitors reported out of order at one laundromat, by its newest report since the last fix. */
export interface OutOfOrderAt {
  laundromatId: string;
  washers: number;
  dryers: number;
  reportedAt: Date;
}

export interface OutOfOrderStore {
  /** Laundromats whose newest report since their last fix names broken machines, newest first. */
  list(limit: number): Promise<OutOfOrderAt[]>;
  current(tx: Db, laundromatId: string): Promise<OutOfOrderAt | undefined>;
  markFixed(tx: Db, laundromatId: string, adminId: string, now: Date): Promise<void>;
}

export interface OutOfOrderDeps {
  db: Db;
  outOfOrder: OutOfOrderStore;
  directory: Pick<DirectoryClient, 'laundromatNames'>;
  outbox: Outbox;
}

/** As many as the directory names in one call. */
const LIST_LIMIT = 200;

export const nothingToFixMessage =
  'No machine is reported out of order at this laundromat: there is nothing to mark fixed.';

/** The admins' list: where visitors say machines are broken, with each laundromat's name. */
export async function listOutOfOrder(deps: OutOfOrderDeps): Promise<OutOfOrderList> {
  const entries = await deps.outOfOrder.list(LIST_LIMIT);
  const names = await deps.directory.laundromatNames(entries.map((entry) => entry.laundromatId));
  return {
    items: entries.map((entry) => ({
      laundromatId: entry.laundromatId,
      laundromatName: names.get(entry.laundromatId) ?? null,
      washers: entry.washers,
      dryers: entry.dryers,
      reportedAt: entry.reportedAt.toISOString(),
    })),
  };
}

/**
 * An admin marks the laundromat's broken machines fixed: the detail stops showing them until a later report
 * names broken machines again. The audit entry is written in the same transaction.
 */
export async function markOutOfOrderFixed(
  deps: OutOfOrderDeps,
  admin: Identity,
  context: Omit<AuditContext, 'userId'>,
  laundromatId: string,
  now = new Date(),
): Promise<OutOfOrderFixed> {
  await deps.db.tx(async (tx) => {
    const current = await deps.outOfOrder.current(tx, laundromatId);
    if (!current) throw notFound(nothingToFixMessage);
    await deps.outOfOrder.markFixed(tx, laundromatId, admin.id, now);
    await auditSuccess(
      tx,
      deps.outbox,
      { ...context, userId: admin.id },
      {
        action: 'availability.out-of-order.fixed',
        resource: 'laundromat',
        resourceId: laundromatId,
        advertiserId: null,
        oldData: {
          washers: current.washers,
          dryers: current.dryers,
          reportedAt: current.reportedAt.toISOString(),
        },
        newData: { fixedAt: now.toISOString() },
      },
      now,
    );
  });
  return { laundromatId, fixedAt: now.toISOString() };
}
