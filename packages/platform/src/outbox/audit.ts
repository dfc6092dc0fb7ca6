import { auditRecordedV1, createEvent, type AuditRecordedV1Data } from '@laundry/contracts';
import type { Db } from '../db/index.ts';
import type { Outbox } from './outbox.ts';

/** Who asked, from where and through which call: the part of an audit entry the request gives. */
export interface AuditContext {
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  endpoint: string;
  httpMethod: string;
}

/** What was done to what: the part of an audit entry the action gives. */
export interface AuditChange {
  action: string;
  resource: string;
  resourceId: string | null;
  advertiserId: string | null;
  oldData?: unknown;
  newData?: unknown;
}

/** Longer headers are cut to the contract's lengths rather than failing the person's request. */
function auditData(
  context: AuditContext,
  change: AuditChange,
  outcome: { status: 'success' } | { status: 'failure'; errorMessage: string },
  now: Date,
): AuditRecordedV1Data {
  return {
    userId: context.userId,
    advertiserId: change.advertiserId,
    action: change.action,
    resource: change.resource,
    resourceId: change.resourceId?.slice(0, 255) ?? null,
    ipAddress: context.ipAddress?.slice(0, 45) ?? null,
    userAgent: context.userAgent?.slice(0, 1000) ?? null,
    endpoint: context.endpoint.slice(0, 2048),
    httpMethod: context.httpMethod.slice(0, 10),
    oldData: change.oldData ?? null,
    newData: change.newData ?? null,
    status: outcome.status,
    errorMessage: outcome.status === 'failure' ? outcome.errorMessage.slice(0, 2000) : null,
    occurredAt: now.toISOString(),
  };
}

/**
 * Records a change for the audit log (audit.recorded.v1, stored by the ad service) in the transaction that
 * makes it, so the entry exists exactly when the change does.
 */
export async function auditSuccess(
  tx: Db,
  outbox: Outbox,
  context: AuditContext,
  change: AuditChange,
  now = new Date(),
): Promise<void> {
  await outbox.record(
    tx,
    createEvent(auditRecordedV1, outbox.producer, auditData(context, change, { status: 'success' }, now)),
  );
}

/** Records a refused or failed attempt, in a transaction of its own (the attempt's own one was rolled back). */
export async function auditFailure(
  db: Db,
  outbox: Outbox,
  context: AuditContext,
  change: AuditChange,
  errorMessage: string,
  now = new Date(),
): Promise<void> {
  const data = auditData(context, change, { status: 'failure', errorMessage }, now);
  await db.tx((tx) => outbox.record(tx, createEvent(auditRecordedV1, outbox.producer, data)));
}
