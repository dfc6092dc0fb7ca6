import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { badRequest, conflict, notFound } from '@laundry/platform/errors';
import {
  createEvent,
  laundromatApprovedV1,
  type Laundromat,
  type LaundromatSubmission,
  type LaundromatSubmissionList,
  type ListSubmissionsQuery,
  type RejectLaundromatRequest,
} from '@laundry/contracts';
import type { LaundromatRepository, SubmissionKey, SubmissionRow } from './laundromat-store.ts';
import { toLaundromatView } from './laundromat-view.ts';
import { likelyDuplicatesOf, type NearbyLaundromats } from './nearby-duplicates.ts';
import {
  recordAdminFailure,
  recordAdminSuccess,
  type AdminAction,
  type AuditContext,
} from './admin-audit.ts';

export interface DecisionDeps {
  db: Db;
  laundromats: LaundromatRepository;
  outbox: Outbox;
}

export type SubmissionDecisionKind = 'approve' | 'reject';

export const notPendingMessage = 'This laundromat is not waiting for approval.';

const statusAfter = { approve: 'approved', reject: 'rejected' } as const;

/** What the audit log says an admin's decision on a submission was meant to do. */
function decisionAction(kind: SubmissionDecisionKind, id: string, reason?: string): AdminAction {
  return {
    action: `laundromat.${kind}`,
    resource: 'laundromat',
    resourceId: id,
    oldData: { status: 'pending' },
    newData: { status: statusAfter[kind], ...(reason === undefined ? {} : { rejectionReason: reason }) },
  };
}

/**
 * An admin's approval or rejection of a pending laundromat: the change, laundromat.approved.v1 for an
 * approval, and the audit entry commit together. A refusal (unknown, or decided already) is a 404 or 409 and
 * leaves an audit entry of its own.
 */
async function decide(
  deps: DecisionDeps,
  admin: Identity,
  context: AuditContext,
  kind: SubmissionDecisionKind,
  id: string,
  reason: string | undefined,
  now: Date,
): Promise<Laundromat> {
  const action = decisionAction(kind, id, reason);
  const row = await deps.db.tx(async (tx) => {
    const decided = await deps.laundromats.decide(tx, id, {
      status: statusAfter[kind],
      reviewedById: admin.id,
      reason,
    });
    if (!decided) return undefined;
    if (kind === 'approve') {
      await deps.outbox.record(
        tx,
        createEvent(laundromatApprovedV1, deps.outbox.producer, {
          laundromatId: decided.id,
          submittedById: decided.submittedById,
          approvedById: admin.id,
          approvedAt: now.toISOString(),
        }),
      );
    }
    await recordAdminSuccess(
      deps.outbox,
      tx,
      admin,
      context,
      { ...action, oldData: { name: decided.name, status: 'pending' } },
      now,
    );
    return decided;
  });
  if (row) return toLaundromatView(row, now);

  const existing = await deps.laundromats.findById(id);
  const refusal = existing ? conflict(notPendingMessage) : notFound('Laundromat not found');
  await recordAdminFailure(
    deps,
    admin,
    context,
    { ...action, oldData: existing ? { name: existing.name, status: existing.status } : null },
    refusal.message,
    now,
  );
  throw refusal;
}

export function approveLaundromat(
  deps: DecisionDeps,
  admin: Identity,
  context: AuditContext,
  id: string,
  now = new Date(),
): Promise<Laundromat> {
  return decide(deps, admin, context, 'approve', id, undefined, now);
}

export function rejectLaundromat(
  deps: DecisionDeps,
  admin: Identity,
  context: AuditContext,
  id: string,
  input: RejectLaundromatRequest,
  now = new Date(),
): Promise<Laundromat> {
  return decide(deps, admin, context, 'reject', id, input.reason, now);
}

/** A decision refused before it reached the laundromat (its body was not valid), for the audit log. */
export async function recordRefusedDecision(
  deps: DecisionDeps,
  admin: Identity,
  context: AuditContext,
  kind: SubmissionDecisionKind,
  id: string,
  errorMessage: string,
): Promise<void> {
  await recordAdminFailure(
    deps,
    admin,
    context,
    { ...decisionAction(kind, id), oldData: null },
    errorMessage,
  );
}

const encodeKey = (key: SubmissionKey) =>
  Buffer.from(JSON.stringify({ t: key.queuedAt, i: key.id })).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeKey(cursor: string): SubmissionKey {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      t?: unknown;
      i?: unknown;
    };
    if (
      typeof value.t === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value.t) &&
      !Number.isNaN(Date.parse(value.t)) &&
      typeof value.i === 'string' &&
      UUID.test(value.i)
    ) {
      return { queuedAt: value.t, id: value.i };
    }
  } catch {
    // falls through to the error below
  }
  throw badRequest('The cursor is not valid. Start again from the first page.', 'INVALID_CURSOR');
}

function toSubmission(row: SubmissionRow): Omit<LaundromatSubmission, 'likelyDuplicates'> {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    website: row.website,
    currency: row.currency,
    submittedById: row.submittedById,
    submittedByEmail: row.submittedByEmail,
    submittedAt: row.submittedAt,
  };
}

/** The admins' queue: pending submissions oldest first, `limit` at a time, and how many wait in all. */
export async function listSubmissions(
  laundromats: LaundromatRepository,
  nearby: NearbyLaundromats,
  query: ListSubmissionsQuery,
): Promise<LaundromatSubmissionList> {
  const after = query.cursor === undefined ? undefined : decodeKey(query.cursor);
  // One extra row tells whether another page exists.
  const [rows, total] = await Promise.all([
    laundromats.findPending({ after, limit: query.limit + 1 }),
    laundromats.countPending(),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const duplicates = await likelyDuplicatesOf(nearby, page);
  return {
    items: page.map((row) => ({ ...toSubmission(row), likelyDuplicates: duplicates.get(row.id) ?? [] })),
    total,
    nextCursor: rows.length > query.limit && last ? encodeKey(last) : null,
  };
}
