import type { AuditEntry } from '@laundry/contracts';
import type { AuditStore } from '../domain/audit-log.ts';

const columns = `
  id, user_id AS "userId", advertiser_id AS "advertiserId", action, resource, resource_id AS "resourceId",
  ip_address AS "ipAddress", user_agent AS "userAgent", endpoint, http_method AS "httpMethod",
  old_data AS "oldData", new_data AS "newData", status, error_message AS "errorMessage",
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

export function createAuditRepository(): AuditStore {
  return {
    async append(tx, { id, data }) {
      const rows = await tx.query(
        `INSERT INTO audit_log (event_id, user_id, advertiser_id, action, resource, resource_id, ip_address,
                                user_agent, endpoint, http_method, old_data, new_data, status, error_message,
                                created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13, $14, $15)
         ON CONFLICT (event_id) DO NOTHING RETURNING id`,
        [
          id,
          data.userId,
          data.advertiserId,
          data.action,
          data.resource,
          data.resourceId,
          data.ipAddress,
          data.userAgent,
          data.endpoint,
          data.httpMethod,
          data.oldData === null ? null : JSON.stringify(data.oldData),
          data.newData === null ? null : JSON.stringify(data.newData),
          data.status,
          data.errorMessage,
          data.occurredAt,
        ],
      );
      return rows.length === 1;
    },

    search(db, query, after) {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (sql: (n: string) => string, value: unknown) => {
        params.push(value);
        where.push(sql(`$${params.length}`));
      };
      if (query.q) {
        // Words anywhere in what a person would search by; ILIKE's own wildcards in the words are literal.
        const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        add(
          (p) =>
            `(action ILIKE ${p} OR resource ILIKE ${p} OR resource_id ILIKE ${p} OR endpoint ILIKE ${p}
              OR error_message ILIKE ${p} OR ip_address ILIKE ${p})`,
          pattern,
        );
      }
      if (query.action) add((p) => `action = ${p}`, query.action);
      if (query.resource) add((p) => `resource = ${p}`, query.resource);
      if (query.resourceId) add((p) => `resource_id = ${p}`, query.resourceId);
      if (query.userId) add((p) => `user_id = ${p}`, query.userId);
      if (query.advertiserId) add((p) => `advertiser_id = ${p}`, query.advertiserId);
      if (query.status) add((p) => `status = ${p}`, query.status);
      if (query.from) add((p) => `created_at >= ${p}::timestamptz`, query.from);
      if (query.to) add((p) => `created_at < ${p}::timestamptz`, query.to);
      if (after) {
        params.push(after.createdAt, after.id);
        where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
      }
      params.push(query.limit);
      return db.query<AuditEntry>(
        `SELECT ${columns} FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
        params,
      );
    },
  };
}
