import { randomUUID } from 'node:crypto';
import { raiseNotice, type NoticeStore } from './advertiser-notices.ts';
import type { Db, Identity, Outbox } from '@laundry/platform';
import { AppError, conflict, notFound } from '@laundry/platform';
import {
  verificationRequestSchema,
  type AdvertiserVerification,
  type PhotoClient,
  type VerificationDecisionRequest,
  type VerificationQueueItem,
} from '@laundry/contracts';
import type { AdvertiserStore } from './advertiser-store.ts';
import { requireAdvertiser } from './advertisers.ts';
import { auditSuccess, type AuditContext } from '@laundry/platform/outbox';
import type { VerificationRow, VerificationStore } from './verification-store.ts';

export interface VerificationDeps {
  db: Db;
  advertisers: AdvertiserStore;
  verifications: VerificationStore;
  /** Where the document is kept: the photo service, under its storage rules. */
  documents: Pick<PhotoClient, 'storeDocument' | 'openDocument' | 'deleteDocument'>;
  outbox: Outbox;
  now?: () => Date;
  /** The advertiser is told of the decision on the dashboard and by mail. */
  notices: NoticeStore;
}

export const documentPurpose = 'advertiser-verification';
export const verificationNotFoundMessage = 'Verification not found';
export const alreadyVerifiedMessage = 'Your business is already verified.';
export const alreadyWaitingMessage =
  'Your document is waiting for review. We will let you know once it is checked.';

/** The document's address in our API, for the advertiser and the admins; never the storage path. */
export const documentUrl = (verificationId: string) =>
  `/api/advertisers/verifications/${verificationId}/document`;

function toVerification(row: VerificationRow): AdvertiserVerification {
  const { documentId: _documentId, ...verification } = row;
  return verification;
}

export async function latestVerification(deps: VerificationDeps, user: Identity) {
  const advertiser = await requireAdvertiser(deps, user);
  const row = await deps.verifications.latestFor(deps.db, advertiser.id);
  return row ? toVerification(row) : null;
}

/** Refuses before the upload is read: a verified business or one already waiting has nothing to send. */
export async function checkCanSubmit(deps: VerificationDeps, user: Identity) {
  const advertiser = await requireAdvertiser(deps, user);
  if (advertiser.isVerified) throw conflict(alreadyVerifiedMessage);
  if (advertiser.verificationStatus === 'pending') throw conflict(alreadyWaitingMessage);
  return advertiser;
}

/**
 * The photo service stores the document (type sniffed, size limited, private); its other fields are checked
 * here, and a document whose form is refused is removed again, so nothing is kept for a failed attempt.
 */
export async function submitVerification(
  deps: VerificationDeps,
  context: AuditContext,
  user: Identity,
  upload: Parameters<PhotoClient['storeDocument']>[0],
  identity: string,
): Promise<AdvertiserVerification> {
  const advertiser = await checkCanSubmit(deps, user);
  const stored = await deps.documents.storeDocument(upload, documentPurpose, identity);
  if (!stored.ok) {
    throw new AppError(stored.status, stored.error.message, stored.error.code, stored.error.errors);
  }
  const fields = verificationRequestSchema.safeParse(stored.fields);
  if (!fields.success) {
    await deps.documents.deleteDocument(stored.document.id, identity);
    throw fields.error;
  }
  const row = await deps.db.tx(async (tx) => {
    const id = randomUUID();
    const created = await deps.verifications.insert(tx, id, advertiser.id, fields.data, {
      id: stored.document.id,
      url: documentUrl(id),
    });
    if (!created) return undefined;
    await auditSuccess(tx, deps.outbox, context, {
      action: 'verification.submit',
      resource: 'verification',
      resourceId: created.id,
      advertiserId: advertiser.id,
      newData: { ...fields.data, document: stored.document },
    });
    return created;
  });
  if (!row) {
    await deps.documents.deleteDocument(stored.document.id, identity);
    throw conflict(alreadyWaitingMessage);
  }
  return toVerification(row);
}

/** The document of a verification, for its advertiser or an admin; anyone else gets a 404. */
export async function verificationDocument(
  deps: VerificationDeps,
  viewer: Identity,
  verificationId: string,
  identity: string,
): Promise<Response> {
  const row = await deps.verifications.find(deps.db, verificationId);
  const owner = row ? await deps.advertisers.findById(deps.db, row.advertiserId) : undefined;
  const allowed = row && owner && (owner.userId === viewer.id || viewer.role === 'admin');
  if (!allowed || !row.documentId) throw notFound('Document not found');
  const document = await deps.documents.openDocument(row.documentId, identity);
  if (!document) throw notFound('Document not found');
  return document;
}

export function verificationQueue(deps: VerificationDeps, status: string): Promise<VerificationQueueItem[]> {
  return deps.verifications.queue(deps.db, status, 200);
}

/** An admin verifies the business (lifting the spending cap) or rejects the document with a reason. */
export async function decideVerification(
  deps: VerificationDeps,
  context: AuditContext,
  admin: Identity,
  id: string,
  decision: VerificationDecisionRequest,
): Promise<VerificationQueueItem> {
  const now = deps.now?.() ?? new Date();
  await deps.db.tx(async (tx) => {
    const row = await deps.verifications.lock(tx, id);
    if (!row) throw notFound(verificationNotFoundMessage);
    if (row.status !== 'pending') throw conflict(`This verification was already decided (${row.status}).`);
    const status = decision.decision === 'verify' ? 'verified' : 'rejected';
    await deps.verifications.decide(tx, id, {
      status,
      verifiedBy: admin.id,
      notes: decision.notes || null,
      now,
    });
    if (status === 'verified') await deps.advertisers.setVerified(tx, row.advertiserId, true);
    await auditSuccess(
      tx,
      deps.outbox,
      context,
      {
        action: `verification.${decision.decision}`,
        resource: 'verification',
        resourceId: id,
        advertiserId: row.advertiserId,
        oldData: { status: row.status },
        newData: { status, notes: decision.notes || null },
      },
      now,
    );
    await raiseNotice(
      deps,
      tx,
      {
        noticeId: `verification-${status === 'verified' ? 'approved' : 'rejected'}:${id}`,
        kind: status === 'verified' ? 'verification-approved' : 'verification-rejected',
        advertiserId: row.advertiserId,
        reason: status === 'rejected' ? decision.notes || null : null,
      },
      now,
    );
  });
  return (await deps.verifications.findItem(deps.db, id))!;
}
