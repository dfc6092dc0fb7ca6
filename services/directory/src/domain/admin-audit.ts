import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import {
  auditFailure,
  auditSuccess,
  type AuditContext as RequestAudit,
  type Outbox,
} from '@laundry/platform/outbox';

/** Where an admin's request came from, as the audit log records it (read from the request by the route). */
export type AuditContext = Omit<RequestAudit, 'userId'>;

export interface AdminAction {
  action: string;
  resource: string;
  resourceId: string;
  oldData: unknown;
  newData: unknown;
}

/** Records an admin's change for the audit log (audit.recorded.v1), in the transaction that makes it. */
export function recordAdminSuccess(
  outbox: Outbox,
  tx: Db,
  admin: Identity,
  context: AuditContext,
  action: AdminAction,
  now = new Date(),
): Promise<void> {
  return auditSuccess(tx, outbox, { ...context, userId: admin.id }, { ...action, advertiserId: null }, now);
}

/** Records an admin's refused attempt, in a transaction of its own (the change it tried was never made). */
export function recordAdminFailure(
  deps: { db: Db; outbox: Outbox },
  admin: Identity,
  context: AuditContext,
  action: AdminAction,
  errorMessage: string,
  now = new Date(),
): Promise<void> {
  return auditFailure(
    deps.db,
    deps.outbox,
    { ...context, userId: admin.id },
    { ...action, advertiserId: null },
    errorMessage,
    now,
  );
}
