import type { Db, Logger } from '@laundry/platform';
import type { EventOf, auditRecordedV1 } from '@laundry/contracts';
import type { AuditStore } from '../domain/audit-log.ts';

/**
 * audit.recorded.v1 → one entry of the audit log. The event id is unique in the log, so a redelivered event
 * is stored once; a failure throws, and the bus retries and then dead-letters the event, never drops it.
 */
export function auditRecordedHandler(deps: { db: Db; audit: AuditStore; logger: Logger }) {
  return async (event: EventOf<typeof auditRecordedV1>): Promise<void> => {
    const stored = await deps.db.tx((tx) => deps.audit.append(tx, event));
    if (!stored) deps.logger.debug({ eventId: event.id }, 'audit entry already stored');
  };
}
