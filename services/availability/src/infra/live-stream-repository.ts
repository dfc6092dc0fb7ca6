import type { Db } from '@laundry/platform/db';
import type { LiveAvailabilityEvent, LiveSummary } from '@laundry/contracts';
import type { LiveStreamStore } from '../domain/live-streams.ts';

interface Row {
  laundromatId: string;
  summary: LiveSummary | null;
  validUntil: Date | null;
  computedAt: Date;
}

const toEvent = (row: Row): LiveAvailabilityEvent => ({
  laundromatId: row.laundromatId,
  live: row.summary,
  validUntil: row.validUntil ? new Date(row.validUntil).toISOString() : null,
  computedAt: new Date(row.computedAt).toISOString(),
});

const COLUMNS = `laundromat_id AS "laundromatId", summary, valid_until AS "validUntil", computed_at AS "computedAt"`;

/** Reads live_states, the last published summary per laundromat, as the events a live stream sends. */
export function createLiveStreamRepository(db: Db): LiveStreamStore {
  return {
    /** The laundromat's state as last published (what the change just committed wrote). */
    async current(laundromatId: string): Promise<LiveAvailabilityEvent | undefined> {
      const [row] = await db.query<Row>(`SELECT ${COLUMNS} FROM live_states WHERE laundromat_id = $1`, [
        laundromatId,
      ]);
      return row ? toEvent(row) : undefined;
    },
    /** The followed laundromats whose state changed after `since`, oldest change first. */
    async changedSince(laundromatIds: readonly string[], since: Date): Promise<LiveAvailabilityEvent[]> {
      const rows = await db.query<Row>(
        `SELECT ${COLUMNS} FROM live_states WHERE laundromat_id = ANY($1::uuid[]) AND computed_at > $2
         ORDER BY computed_at`,
        [laundromatIds, since.toISOString()],
      );
      return rows.map(toEvent);
    },
  };
}
