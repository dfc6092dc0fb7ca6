import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { auditRecordedV1, createEvent, type AuditRecordedV1Data } from '@laundry/contracts';

/** Where an admin's request came from, as the audit log records it (read from the request by the route). */
export interface AuditContext {
  ipAddress: string | null;
  userAgent: string | null;
  endpoint: string;
  httpMethod: string;
}

export interface AdminAction {
  action: string;
  resource: string;
  resourceId: string;
  oldData: unknown;
  newData: unknown;
}

/** The contract's lengths: a longer header is cut rather than failing the admin's request. */
const cut = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

function auditData(
  admin: Identity,
  context: AuditContext,
  action: AdminAction,
  outcome: { status: 'success' } | { status: 'failure'; errorMessage: string },
  now: Date,
): AuditRecordedV1Data {
  return {
    userId: admin.id,
    advertiserId: null,
    action: action.action,
    resource: action.resource,
    resourceId: action.resourceId,
    ipAddress: cut(context.ipAddress, 45),
    userAgent: cut(context.userAgent, 1000),
    endpoint: cut(context.endpoint, 2048),
    httpMethod: cut(context.httpMethod, 10),
    oldData: action.oldData ?? null,
    newData: action.newData ?? null,
    status: outcome.status,
    errorMessage: outcome.status === 'failure' ? outcome.errorMessage.slice(0, 2000) : null,
    occurredAt: now.toISOString(),
  };
}

/** Records an admin's change for the audit log (audit.recorded.v1), in the transaction that makes it. */
export async function recordAdminSuccess(
  outbox: Outbox,
  tx: Db,
  admin: Identity,
  context: AuditContext,
  action: AdminAction,
  now = new Date(),
): Promise<void> {
  await outbox.record(
    tx,
    createEvent(
      auditRecordedV1,
      outbox.producer,
      auditData(admin, context, action, { status: 'success' }, now),
    ),
  );
}

/** Records an admin's refused attempt, in a transaction of its own (the change it tried was never made). */
export async function recordAdminFailure(
  deps: { db: Db; outbox: Outbox },
  admin: Identity,
  context: AuditContext,
  action: AdminAction,
  errorMessage: string,
  now = new Date(),
): Promise<void> {
  const data = auditData(admin, context, action, { status: 'failure', errorMessage }, now);
  await deps.db.tx((tx) => deps.outbox.record(tx, createEvent(auditRecordedV1, deps.outbox.producer, data)));
}
