import type { RetentionPolicy } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import type { RetentionPolicyRepository } from '../domain/retention-policy-store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface PolicyRow extends Omit<
  RetentionPolicy,
  'lastCleanupRun' | 'createdAt' | 'updatedAt' | 'lastCleanupCount'
> {
  lastCleanupRun: Date | null;
  lastCleanupCount: string | number | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = `id, service, data_type AS "dataType", action, retention_period_days AS "retentionPeriodDays",
  is_active AS "isActive", jurisdiction, legal_basis AS "legalBasis", auto_delete_enabled AS "autoDeleteEnabled",
  last_cleanup_run AS "lastCleanupRun", last_cleanup_count AS "lastCleanupCount",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

function toPolicy(row: PolicyRow): RetentionPolicy {
  return {
    ...row,
    lastCleanupRun: row.lastCleanupRun?.toISOString() ?? null,
    lastCleanupCount: row.lastCleanupCount === null ? null : Number(row.lastCleanupCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createRetentionPolicyRepository(db: Db): RetentionPolicyRepository {
  return {
    async list(service) {
      const rows = await db.query<PolicyRow>(
        `SELECT ${columns} FROM data_retention_policies
         WHERE $1::text IS NULL OR service = $1 ORDER BY service, data_type`,
        [service ?? null],
      );
      return rows.map(toPolicy);
    },
    async find(tx, id) {
      if (!UUID.test(id)) return undefined;
      const [row] = await tx.query<PolicyRow>(
        `SELECT ${columns} FROM data_retention_policies WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return row && toPolicy(row);
    },
    async update(tx, id, change) {
      const [row] = await tx.query<PolicyRow>(
        `UPDATE data_retention_policies SET
           retention_period_days = COALESCE($2, retention_period_days),
           is_active = COALESCE($3, is_active),
           auto_delete_enabled = COALESCE($4, auto_delete_enabled),
           legal_basis = COALESCE($5, legal_basis),
           jurisdiction = COALESCE($6, jurisdiction),
           updated_at = now()
         WHERE id = $1 RETURNING ${columns}`,
        [
          id,
          change.retentionPeriodDays ?? null,
          change.isActive ?? null,
          change.autoDeleteEnabled ?? null,
          change.legalBasis ?? null,
          change.jurisdiction ?? null,
        ],
      );
      return toPolicy(row!);
    },
    async addMissing(declared) {
      let added = 0;
      for (const policy of declared) {
        const rows = await db.query(
          `INSERT INTO data_retention_policies
             (service, data_type, action, retention_period_days, jurisdiction, legal_basis, auto_delete_enabled)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (service, data_type) DO NOTHING RETURNING id`,
          [
            policy.service,
            policy.dataType,
            policy.action,
            policy.retentionPeriodDays,
            policy.jurisdiction,
            policy.legalBasis,
            policy.autoDeleteEnabled,
          ],
        );
        added += rows.length;
      }
      return added;
    },
    async recordRun(report, ranAt) {
      for (const run of report.runs) {
        await db.query(
          `UPDATE data_retention_policies SET last_cleanup_run = $3, last_cleanup_count = $4
           WHERE service = $1 AND data_type = $2`,
          [report.service, run.dataType, ranAt, run.affected],
        );
      }
    },
  };
}
