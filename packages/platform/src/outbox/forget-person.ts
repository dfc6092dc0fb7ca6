import type { Db } from '../db/db.ts';

/**
 * Deletes the published events of the service's outbox that name the person (their id anywhere in the
 * envelope), in the erasing transaction. Published events are kept a while for inspection and replay; once
 * the person is erased neither is wanted, and the copy is one more place their id would linger. Pending
 * events stay: they are still to be delivered, and are purged like any other once published.
 */
export async function forgetPublishedEventsOf(tx: Db, personId: string): Promise<number> {
  const rows = await tx.query(
    `DELETE FROM outbox WHERE published_at IS NOT NULL AND strpos(envelope::text, $1) > 0 RETURNING seq`,
    [personId],
  );
  return rows.length;
}
