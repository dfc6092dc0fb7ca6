import type { Db } from '@laundry/platform';
import { badRequest } from '@laundry/platform';
import type { AuditEntry, AuditPage, AuditQuery, AuditRecordedV1 } from '@laundry/contracts';

/** The append-only audit log; infra/audit-repository.ts implements it in SQL. */
export interface AuditStore {
  /** Stores the event's entry once; false when it was already stored (a redelivery). */
  append(tx: Db, event: AuditRecordedV1): Promise<boolean>;
  search(
    db: Db,
    query: AuditQuery,
    after: { createdAt: string; id: string } | undefined,
  ): Promise<AuditEntry[]>;
}

/** The position of the last entry of a page: its time and id, newest first. */
const cursorPattern = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_([0-9a-f-]{36})$/;

export async function searchAudit(db: Db, audit: AuditStore, query: AuditQuery): Promise<AuditPage> {
  let after: { createdAt: string; id: string } | undefined;
  if (query.before) {
    const match = cursorPattern.exec(query.before);
    if (!match || Number.isNaN(Date.parse(match[1]!))) {
      throw badRequest('The page position (before) is not one this log gave out.', 'INVALID_CURSOR');
    }
    after = { createdAt: match[1]!, id: match[2]! };
  }
  // One more than asked tells whether another page follows.
  const rows = await audit.search(db, { ...query, limit: query.limit + 1 }, after);
  const entries = rows.slice(0, query.limit);
  const last = entries.at(-1);
  return {
    entries,
    nextBefore: rows.length > query.limit && last ? `${last.createdAt}_${last.id}` : null,
  };
}
