import type { Db } from '@laundry/platform/db';
import type { AvailabilityReport, LiveSummary, MachineState } from '@laundry/contracts';
import type {
  AvailabilityStore,
  FeedKeyRow,
  NewReport,
  StoredLiveState,
  StoredMachine,
} from '../domain/availability-store.ts';
import type { WeighedReport } from '../domain/live-state.ts';

/** How far back a reporter's record reaches: as long as reports are kept. */
const RECORD_DAYS = 90;

const pair = (free: number | null, total: number | null) =>
  free === null || total === null ? null : { free, total };

interface MachineRow {
  machineId: string;
  type: 'washer' | 'dryer';
  capacityKg: number | null;
  status: MachineState['status'];
  minutesRemaining: number | null;
  reportedAt: Date;
}

interface ReportRow {
  id: string;
  kind: WeighedReport['kind'];
  washersFree: number | null;
  washersTotal: number | null;
  dryersFree: number | null;
  dryersTotal: number | null;
  outOfOrderWashers: number;
  outOfOrderDryers: number;
  waitMinutes: number | null;
  note: string | null;
  distanceBand: WeighedReport['distanceBand'];
  createdAt: Date;
  confirmations: number;
  disputes: number;
  lastConfirmedAt: Date | null;
}

const reportColumns = `
  r.id, r.kind, r.washers_free AS "washersFree", r.washers_total AS "washersTotal",
  r.dryers_free AS "dryersFree", r.dryers_total AS "dryersTotal",
  r.out_of_order_washers AS "outOfOrderWashers", r.out_of_order_dryers AS "outOfOrderDryers",
  r.wait_minutes AS "waitMinutes", r.note, r.distance_band AS "distanceBand", r.created_at AS "createdAt",
  coalesce(c.confirmations, 0)::int AS confirmations, coalesce(c.disputes, 0)::int AS disputes,
  c.last_confirmed_at AS "lastConfirmedAt"`;

const receptionJoin = `
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE agree) AS confirmations, count(*) FILTER (WHERE NOT agree) AS disputes,
           max(created_at) FILTER (WHERE agree) AS last_confirmed_at
    FROM report_confirmations WHERE report_id = r.id
  ) AS c ON true`;

export function createAvailabilityRepository(db: Db): AvailabilityStore {
  const store: AvailabilityStore = {
    async lockReporters(tx, userIds) {
      // In id order, so two transactions locking the same people never wait on each other crosswise.
      const ids = [...new Set(userIds)].sort();
      const rows = await tx.query<{ userId: string; locked: boolean }>(
        `SELECT u AS "userId", pg_try_advisory_xact_lock(hashtext('availability-reporter:' || u)) AS locked
         FROM unnest($1::text[]) WITH ORDINALITY AS t(u, n) ORDER BY n`,
        [ids],
      );
      return new Set(rows.filter((row) => row.locked).map((row) => row.userId));
    },

    async reporterActivity(tx, userId, laundromatId, now) {
      const [row] = await tx.query<{ lastHere: Date | null; lastHour: number }>(
        `SELECT max(created_at) FILTER (WHERE laundromat_id = $2) AS "lastHere",
                count(*) FILTER (WHERE created_at > $3::timestamptz - interval '1 hour')::int AS "lastHour"
         FROM availability_reports WHERE user_id = $1 AND created_at > $3::timestamptz - interval '1 hour'`,
        [userId, laundromatId, now.toISOString()],
      );
      return { lastHere: row?.lastHere ?? null, lastHour: row?.lastHour ?? 0 };
    },

    async reportersActivity(tx, asks) {
      if (asks.length === 0) return [];
      const rows = await tx.query<{ n: number; lastHere: Date | null; lastHour: number }>(
        `SELECT q.n::int AS n,
                max(r.created_at) FILTER (WHERE r.laundromat_id = q.laundromat_id) AS "lastHere",
                count(r.id)::int AS "lastHour"
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) WITH ORDINALITY AS q(user_id, laundromat_id, at, n)
         LEFT JOIN availability_reports r
           ON r.user_id = q.user_id AND r.created_at > q.at - interval '1 hour'
         GROUP BY q.n ORDER BY q.n`,
        [asks.map((a) => a.userId), asks.map((a) => a.laundromatId), asks.map((a) => a.now.toISOString())],
      );
      return rows.map((row) => ({ lastHere: row.lastHere ?? null, lastHour: row.lastHour }));
    },

    async insertReports(tx, reports) {
      if (reports.length === 0) return;
      const column = <T>(pick: (r: NewReport) => T) => reports.map(pick);
      await tx.query(
        `INSERT INTO availability_reports (
           id, laundromat_id, user_id, kind, washers_free, washers_total, dryers_free, dryers_total,
           out_of_order_washers, out_of_order_dryers, wait_minutes, note, distance_band, created_at
         )
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::smallint[], $6::smallint[],
           $7::smallint[], $8::smallint[], $9::smallint[], $10::smallint[], $11::smallint[], $12::text[],
           $13::text[], $14::timestamptz[])`,
        [
          column((r) => r.id),
          column((r) => r.laundromatId),
          column((r) => r.userId),
          column((r) => r.input.kind),
          column((r) => r.input.washers?.free ?? null),
          column((r) => r.input.washers?.total ?? null),
          column((r) => r.input.dryers?.free ?? null),
          column((r) => r.input.dryers?.total ?? null),
          column((r) => r.input.outOfOrderWashers),
          column((r) => r.input.outOfOrderDryers),
          column((r) => r.input.waitMinutes ?? null),
          column((r) => r.input.note || null),
          column((r) => r.distanceBand),
          column((r) => r.createdAt.toISOString()),
        ],
      );
    },

    async learnTotals(tx, rows) {
      const kept = rows
        .map(({ laundromatId, counted, listed }) => ({
          laundromatId,
          values: [counted.washers, counted.dryers, listed.washers, listed.dryers].map((n) => n ?? null),
        }))
        .filter(({ values }) => values.some((n) => n !== null))
        // In id order, so two transactions writing the same rows never wait on each other crosswise.
        .sort((a, b) => (a.laundromatId < b.laundromatId ? -1 : a.laundromatId > b.laundromatId ? 1 : 0));
      if (kept.length === 0) return;
      const column = (i: number) => kept.map(({ values }) => values[i]);
      await tx.query(
        `INSERT INTO laundromat_totals AS t (laundromat_id, washers_total, dryers_total)
         SELECT id, coalesce(cw, lw), coalesce(cd, ld)
         FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[]) AS v(id, cw, cd, lw, ld)
         ON CONFLICT (laundromat_id) DO UPDATE SET
           washers_total = coalesce(
             (SELECT cw FROM unnest($1::uuid[], $2::int[]) AS c(id, cw) WHERE c.id = t.laundromat_id),
             t.washers_total, EXCLUDED.washers_total),
           dryers_total = coalesce(
             (SELECT cd FROM unnest($1::uuid[], $3::int[]) AS c(id, cd) WHERE c.id = t.laundromat_id),
             t.dryers_total, EXCLUDED.dryers_total),
           updated_at = now()`,
        [kept.map((k) => k.laundromatId), column(0), column(1), column(2), column(3)],
      );
    },

    async totals(tx, laundromatId) {
      return (await store.totalsOf(tx, [laundromatId])).get(laundromatId) ?? { washers: null, dryers: null };
    },

    async totalsOf(tx, laundromatIds) {
      if (laundromatIds.length === 0) return new Map();
      const rows = await tx.query<{ laundromatId: string; washers: number | null; dryers: number | null }>(
        `SELECT laundromat_id AS "laundromatId", washers_total AS washers, dryers_total AS dryers
         FROM laundromat_totals WHERE laundromat_id = ANY($1::uuid[])`,
        [[...new Set(laundromatIds)]],
      );
      return new Map(rows.map(({ laundromatId, washers, dryers }) => [laundromatId, { washers, dryers }]));
    },

    async report(tx, laundromatId, reportId) {
      const [row] = await tx.query<{ userId: string | null; createdAt: Date }>(
        `SELECT user_id AS "userId", created_at AS "createdAt" FROM availability_reports
         WHERE id = $1 AND laundromat_id = $2 FOR UPDATE`,
        [reportId, laundromatId],
      );
      return row;
    },

    async upsertConfirmation(tx, reportId, userId, agree, now) {
      await tx.query(
        `INSERT INTO report_confirmations (report_id, user_id, agree, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (report_id, user_id) DO UPDATE SET agree = EXCLUDED.agree, created_at = EXCLUDED.created_at`,
        [reportId, userId, agree, now.toISOString()],
      );
    },

    async weighedReports(tx, laundromatId, since) {
      return (await store.weighedReportsOf(tx, [{ laundromatId, since }])).get(laundromatId) ?? [];
    },

    async weighedReportsOf(tx, asks) {
      const byLaundromat = new Map<string, WeighedReport[]>();
      if (asks.length === 0) return byLaundromat;
      // Each laundromat's newest 500 since its own time; the reporter's record reaches back from that time.
      const rows = await tx.query<ReportRow & { laundromatId: string; confirmed: number; disputed: number }>(
        `SELECT w.id AS "laundromatId", x.*
         FROM unnest($1::uuid[], $2::timestamptz[]) AS w(id, since)
         CROSS JOIN LATERAL (
           SELECT ${reportColumns},
                  coalesce(rec.confirmed, 0)::int AS confirmed, coalesce(rec.disputed, 0)::int AS disputed
           FROM availability_reports r ${receptionJoin}
           LEFT JOIN LATERAL (
             SELECT count(*) FILTER (WHERE rc.agree) AS confirmed, count(*) FILTER (WHERE NOT rc.agree) AS disputed
             FROM availability_reports o JOIN report_confirmations rc ON rc.report_id = o.id
             WHERE r.user_id IS NOT NULL AND o.user_id = r.user_id AND o.id <> r.id
               AND o.created_at > w.since - make_interval(days => ${RECORD_DAYS})
           ) AS rec ON true
           WHERE r.laundromat_id = w.id AND r.created_at >= w.since
           ORDER BY r.created_at DESC LIMIT 500
         ) AS x
         ORDER BY w.id, x."createdAt" DESC`,
        [asks.map((a) => a.laundromatId), asks.map((a) => a.since.toISOString())],
      );
      for (const row of rows) {
        let list = byLaundromat.get(row.laundromatId);
        if (!list) byLaundromat.set(row.laundromatId, (list = []));
        list.push({
          id: row.id,
          kind: row.kind,
          washers: pair(row.washersFree, row.washersTotal),
          dryers: pair(row.dryersFree, row.dryersTotal),
          waitMinutes: row.waitMinutes,
          distanceBand: row.distanceBand,
          createdAt: new Date(row.createdAt),
          confirmations: row.confirmations,
          disputes: row.disputes,
          lastConfirmedAt: row.lastConfirmedAt && new Date(row.lastConfirmedAt),
          reporter: { confirmed: row.confirmed, disputed: row.disputed },
        });
      }
      return byLaundromat;
    },

    async recentReports(laundromatId, since, readerId) {
      const rows = await db.query<ReportRow & { mine: boolean }>(
        `SELECT ${reportColumns}, (r.user_id IS NOT NULL AND r.user_id = $3::uuid) AS mine
         FROM availability_reports r ${receptionJoin}
         WHERE r.laundromat_id = $1 AND r.created_at >= $2
         ORDER BY r.created_at DESC LIMIT 20`,
        [laundromatId, since.toISOString(), readerId ?? null],
      );
      return rows.map((row): AvailabilityReport => ({
        id: row.id,
        kind: row.kind,
        washers: pair(row.washersFree, row.washersTotal),
        dryers: pair(row.dryersFree, row.dryersTotal),
        outOfOrderWashers: row.outOfOrderWashers,
        outOfOrderDryers: row.outOfOrderDryers,
        waitMinutes: row.waitMinutes,
        note: row.note,
        distanceBand: row.distanceBand,
        createdAt: new Date(row.createdAt).toISOString(),
        confirmations: row.confirmations,
        disputes: row.disputes,
        mine: row.mine,
      }));
    },

    async outOfOrder(laundromatId) {
      // The newest report that counted machines: what it says about broken ones stands until another does,
      // or until an admin marks them fixed (only later reports count then).
      const [row] = await db.query<{ washers: number; dryers: number; reportedAt: Date }>(
        `SELECT out_of_order_washers AS washers, out_of_order_dryers AS dryers, created_at AS "reportedAt"
         FROM availability_reports
         WHERE laundromat_id = $1 AND (kind = 'counts' OR out_of_order_washers > 0 OR out_of_order_dryers > 0)
           AND created_at > coalesce(
             (SELECT fixed_at FROM out_of_order_fixes WHERE laundromat_id = $1), '-infinity'::timestamptz)
         ORDER BY created_at DESC LIMIT 1`,
        [laundromatId],
      );
      if (!row || (row.washers === 0 && row.dryers === 0)) return undefined;
      return { ...row, reportedAt: new Date(row.reportedAt) };
    },

    async machines(tx, laundromatId) {
      return (await store.machinesOf(tx, [laundromatId])).get(laundromatId) ?? [];
    },

    async machinesOf(tx, laundromatIds) {
      const rows = await tx.query<MachineRow & { laundromatId: string }>(
        `SELECT laundromat_id AS "laundromatId", machine_id AS "machineId", machine_type AS type,
                capacity_kg::float8 AS "capacityKg", status, minutes_remaining AS "minutesRemaining",
                reported_at AS "reportedAt"
         FROM machine_states WHERE laundromat_id = ANY($1::uuid[])
         ORDER BY laundromat_id, machine_type DESC, machine_id`,
        [laundromatIds],
      );
      const byLaundromat = new Map<string, StoredMachine[]>();
      for (const { laundromatId, ...row } of rows) {
        let list = byLaundromat.get(laundromatId);
        if (!list) byLaundromat.set(laundromatId, (list = []));
        list.push({ ...row, reportedAt: new Date(row.reportedAt) });
      }
      return byLaundromat;
    },

    async saveMachines(tx, messages) {
      // One row per machine: a later message's state replaces an earlier one's in the same batch (an upsert
      // may not touch a row twice), and a fixed order keeps concurrent batches from deadlocking.
      const rows = new Map<string, Record<string, unknown>>();
      for (const { laundromatId, machines, at } of messages) {
        for (const m of machines) {
          rows.set(`${laundromatId} ${m.machineId}`, {
            laundromat_id: laundromatId,
            machine_id: m.machineId,
            machine_type: m.type,
            capacity_kg: m.capacityKg ?? null,
            status: m.status,
            minutes_remaining: m.minutesRemaining ?? null,
            reported_at: at.toISOString(),
          });
        }
      }
      if (rows.size === 0) return;
      await tx.query(
        `INSERT INTO machine_states (laundromat_id, machine_id, machine_type, capacity_kg, status, minutes_remaining, reported_at)
         SELECT m.laundromat_id, m.machine_id, m.machine_type, m.capacity_kg, m.status, m.minutes_remaining, m.reported_at
         FROM jsonb_to_recordset($1::jsonb) AS m(laundromat_id uuid, machine_id text, machine_type text,
                capacity_kg numeric, status text, minutes_remaining smallint, reported_at timestamptz)
         ORDER BY m.laundromat_id, m.machine_id
         ON CONFLICT (laundromat_id, machine_id) DO UPDATE SET
           machine_type = EXCLUDED.machine_type, capacity_kg = EXCLUDED.capacity_kg, status = EXCLUDED.status,
           minutes_remaining = EXCLUDED.minutes_remaining, reported_at = EXCLUDED.reported_at`,
        [JSON.stringify([...rows.values()])],
      );
    },

    async lockLiveStates(tx, laundromatIds) {
      const ids = [...new Set(laundromatIds)].sort();
      const found = new Map<string, StoredLiveState | undefined>();
      const lock = async (wanted: string[]) => {
        const rows = await tx.query<{ laundromatId: string; summary: LiveSummary | null; computedAt: Date }>(
          `SELECT laundromat_id AS "laundromatId", summary, computed_at AS "computedAt" FROM live_states
           WHERE laundromat_id = ANY($1::uuid[]) ORDER BY laundromat_id FOR UPDATE`,
          [wanted],
        );
        for (const row of rows)
          found.set(row.laundromatId, { summary: row.summary, computedAt: new Date(row.computedAt) });
      };
      await lock(ids);
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length === 0) return found;
      const created = await tx.query<{ laundromatId: string }>(
        `INSERT INTO live_states (laundromat_id, summary, valid_until, computed_at)
         SELECT id, NULL, NULL, 'epoch' FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n) ORDER BY n
         ON CONFLICT (laundromat_id) DO NOTHING RETURNING laundromat_id AS "laundromatId"`,
        [missing],
      );
      for (const { laundromatId } of created) found.set(laundromatId, undefined);
      // Made by another transaction meanwhile: locked (and read) as the others were.
      const raced = missing.filter((id) => !found.has(id));
      if (raced.length > 0) await lock(raced);
      return found;
    },

    async saveLiveStates(tx, states) {
      if (states.length === 0) return;
      await tx.query(
        `UPDATE live_states l SET summary = s.summary, valid_until = s.valid_until, computed_at = s.computed_at
         FROM jsonb_to_recordset($1::jsonb) AS s(laundromat_id uuid, summary jsonb, valid_until timestamptz,
                                                computed_at timestamptz)
         WHERE l.laundromat_id = s.laundromat_id`,
        [
          JSON.stringify(
            states.map((state) => ({
              laundromat_id: state.laundromatId,
              summary: state.summary,
              valid_until: state.validUntil?.toISOString() ?? null,
              computed_at: state.computedAt.toISOString(),
            })),
          ),
        ],
      );
    },

    async expiredLiveStates(now, limit) {
      const rows = await db.query<{ id: string }>(
        `SELECT laundromat_id AS id FROM live_states
         WHERE summary IS NOT NULL AND valid_until <= $1 ORDER BY valid_until LIMIT $2`,
        [now.toISOString(), limit],
      );
      return rows.map((row) => row.id);
    },

    async insertFeedKey(tx, key) {
      const [row] = await tx.query<FeedKeyRow>(
        `INSERT INTO feed_keys (laundromat_id, label, key_hash, created_by) VALUES ($1, $2, $3, $4)
         RETURNING id, laundromat_id AS "laundromatId", label, created_at AS "createdAt"`,
        [key.laundromatId, key.label, key.hash, key.createdBy],
      );
      return { ...row!, createdAt: new Date(row!.createdAt) };
    },

    async revokeFeedKey(tx, keyId, now) {
      const rows = await tx.query(
        // A rotated key's end may lie ahead: revoking it ends it now.
        `UPDATE feed_keys SET revoked_at = least(coalesce(revoked_at, $2), $2) WHERE id = $1 RETURNING id`,
        [keyId, now.toISOString()],
      );
      return rows.length > 0;
    },

    async laundromatsOfKeys(tx, hashes) {
      const rows = await tx.query<{ hash: string; laundromatId: string; revokedAt: Date | null }>(
        `SELECT key_hash AS hash, laundromat_id AS "laundromatId", revoked_at AS "revokedAt" FROM feed_keys
         WHERE key_hash = ANY($1::text[]) AND (revoked_at IS NULL OR revoked_at > now())`,
        [[...new Set(hashes)]],
      );
      return new Map(
        rows.map(({ hash, laundromatId, revokedAt }) => [
          hash,
          { laundromatId, revokedAt: revokedAt && new Date(revokedAt) },
        ]),
      );
    },

    async feedKeysHeard(tx, heard) {
      if (heard.size === 0) return;
      const rows = [...heard.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([hash, at]) => ({ hash, at: at.toISOString() }));
      await tx.query(
        // Locked in hash order first, so two batches naming the same keys never deadlock.
        `WITH heard AS (
           SELECT k.id, h.at FROM feed_keys k
           JOIN jsonb_to_recordset($1::jsonb) AS h(hash text, at timestamptz) ON k.key_hash = h.hash
           ORDER BY k.key_hash FOR UPDATE OF k
         )
         UPDATE feed_keys k SET last_message_at = greatest(k.last_message_at, heard.at)
         FROM heard WHERE k.id = heard.id`,
        [JSON.stringify(rows)],
      );
    },
  };
  return store;
}
