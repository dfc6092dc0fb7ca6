import { randomUUID } from 'node:crypto';
import {
  createEvent,
  documentClaimFieldsSchema,
  laundromatOwnerReleasedV1,
  laundromatOwnerVerifiedV1,
  laundromatOwnerNoticeRaisedV1,
  type ClaimDecisionRequest,
  type ClaimQueueItem,
  type DirectoryClient,
  type EmailClaimRequest,
  type Language,
  type MailClient,
  type OwnerClaim,
  type OwnerLaundromatsResponse,
  type PhotoClient,
} from '@laundry/contracts';
import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '@laundry/platform/errors';
import type { Logger } from '@laundry/platform/logging';
import { auditSuccess, type AuditContext, type Outbox } from '@laundry/platform/outbox';
import { codeMatches, codeValidityMs, hashClaimCode, maxCodeAttempts, newClaimCode } from './claim-code.ts';
import { claimCodeMail } from './claim-mail.ts';
import { pendingStatuses, type ClaimRow, type ClaimStore } from './claim-store.ts';
import type { TransferStore } from './transfer-store.ts';
import { endPendingTransfer, toClaimTransfer } from './claim-transfers.ts';
import { isAtWebsiteDomain, websiteDomain } from './email-domain.ts';

/*
 * A claim's states:
 *   e-mail:   awaiting-code ─right code─▶ verified;  5 wrong codes ─▶ failed;  30 minutes unused ─▶ expired
 *   document: pending-review ─admin─▶ verified | rejected
 *             contested (sent while someone else is the verified owner) ─admin─▶ verified (the owner's
 *             claim is released: contest-lost) | rejected (the owner stays)
 *   verified ─given up, handed over by a transfer, or the account erased─▶ released
 *   transfer: the recipient of a verified owner's transfer gets a claim created verified (claim-transfers.ts)
 * One verified claim per laundromat and one open claim per person per laundromat (unique indexes). An
 * e-mail claim is refused (409) while someone owns the laundromat: a code would make ownership change
 * hands silently; a document claim is stored as contested instead, for an admin to weigh both sides.
 */

export interface ClaimDeps {
  db: Db;
  claims: ClaimStore;
  transfers: TransferStore;
  outbox: Outbox;
  directory: Pick<DirectoryClient, 'laundromatProfile'>;
  documents: Pick<PhotoClient, 'storeDocument' | 'openDocument' | 'deleteDocument'>;
  /** Identity's internal mail endpoint: it sends the code (SMTP, or the local outbox of `npm start`). */
  mail: Pick<MailClient, 'send'>;
  /** Keys the codes' hashes (derived from the internal secret). */
  codeSecret: string;
  /** Where people open the product: the start of a transfer mail's link (a path without it). */
  publicUrl?: string | undefined;
  logger: Logger;
  now?: () => Date;
}

export const documentPurpose = 'owner-claim';
export const claimNotFoundMessage = 'Claim not found';
export const laundromatNotFoundMessage = 'Laundromat not found';
/** Code mails a person may cause in a day: each goes to someone else's mailbox. */
export const emailClaimsPerDay = 5;

export const nowOf = (deps: Pick<ClaimDeps, 'now'>) => deps.now?.() ?? new Date();
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toOwnerClaim(row: ClaimRow): OwnerClaim {
  return {
    id: row.id,
    laundromatId: row.laundromatId,
    method: row.method,
    status: row.status,
    email: row.email,
    documentType: row.documentType,
    documentUrl: row.documentId ? `/api/claims/${row.id}/document` : null,
    codeExpiresAt: row.status === 'awaiting-code' ? iso(row.codeExpiresAt) : null,
    verifiedAt: iso(row.verifiedAt),
    decidedAt: iso(row.decidedAt),
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

export const audit = (
  deps: ClaimDeps,
  tx: Db,
  context: AuditContext,
  action: string,
  claim: ClaimRow,
  oldData: unknown,
  now: Date,
) =>
  auditSuccess(
    tx,
    deps.outbox,
    context,
    {
      action,
      resource: 'owner-claim',
      resourceId: claim.id,
      advertiserId: null,
      oldData,
      newData: { laundromatId: claim.laundromatId, method: claim.method, status: claim.status },
    },
    now,
  );

export async function recordVerified(deps: ClaimDeps, tx: Db, claim: ClaimRow) {
  await deps.outbox.record(
    tx,
    createEvent(laundromatOwnerVerifiedV1, deps.outbox.producer, {
      laundromatId: claim.laundromatId,
      claimId: claim.id,
      ownerUserId: claim.userId,
      method: claim.method,
      verifiedAt: claim.verifiedAt!.toISOString(),
    }),
  );
}

export async function recordReleased(
  outbox: Outbox,
  tx: Db,
  claim: Pick<ClaimRow, 'laundromatId' | 'id'>,
  reason: 'given-up' | 'contest-lost' | 'transferred' | 'account-erased',
  now: Date,
) {
  await outbox.record(
    tx,
    createEvent(laundromatOwnerReleasedV1, outbox.producer, {
      laundromatId: claim.laundromatId,
      claimId: claim.id,
      reason,
      releasedAt: now.toISOString(),
    }),
  );
}

export async function requireLaundromat(deps: ClaimDeps, laundromatId: string) {
  const profile = await deps.directory.laundromatProfile(laundromatId);
  if (!profile) throw notFound(laundromatNotFoundMessage);
  return profile;
}

/** The refusals both methods share: the caller already owns it, or already has an open claim of it. */
async function checkNoOwnClaim(deps: ClaimDeps, user: Identity, laundromatId: string) {
  const owner = await deps.claims.verifiedOf(deps.db, laundromatId);
  if (owner?.userId === user.id) throw conflict('You are already the verified owner of this laundromat.');
  const open = await deps.claims.openOf(deps.db, laundromatId, user.id);
  if (open && !(open.status === 'awaiting-code' && open.codeExpiresAt! <= nowOf(deps)))
    throw conflict('You already have an open claim of this laundromat.');
  return owner;
}

const ownedByAnotherMessage =
  'This laundromat already has a verified owner. If it is yours, send a document: an admin will compare both.';

/** An address at the laundromat's website's domain gets a 6-digit code, valid 30 minutes. */
export async function claimByEmail(
  deps: ClaimDeps,
  context: AuditContext,
  user: Identity,
  laundromatId: string,
  request: EmailClaimRequest,
  language: Language,
): Promise<OwnerClaim> {
  const profile = await requireLaundromat(deps, laundromatId);
  const domain = websiteDomain(profile.website);
  if (!domain)
    throw badRequest(
      'This laundromat has no website of its own to check an address against. Send a document instead.',
      'NO_WEBSITE_DOMAIN',
    );
  if (!isAtWebsiteDomain(request.email, profile.website))
    throw badRequest(`The address must be at ${domain}, the laundromat's website.`, 'EMAIL_DOMAIN_MISMATCH');
  const now = nowOf(deps);
  if (
    (await deps.claims.emailClaimsSince(deps.db, user.id, new Date(now.getTime() - 86_400_000))) >=
    emailClaimsPerDay
  )
    throw tooManyRequests('You have asked for several codes today. Please try again tomorrow.');
  if (await checkNoOwnClaim(deps, user, laundromatId)) throw conflict(ownedByAnotherMessage);

  const id = randomUUID();
  const code = newClaimCode();
  const row = await deps.db.tx(async (tx) => {
    await deps.claims.expireCodes(tx, laundromatId, now);
    const created = await deps.claims.insert(
      tx,
      {
        id,
        laundromatId,
        userId: user.id,
        method: 'email-domain',
        status: 'awaiting-code',
        email: request.email.toLowerCase(),
        codeHash: hashClaimCode(deps.codeSecret, id, code),
        codeExpiresAt: new Date(now.getTime() + codeValidityMs),
      },
      now,
    );
    if (!created) return undefined;
    await audit(deps, tx, context, 'claim.create', created, null, now);
    return created;
  });
  if (!row) throw conflict('You already have an open claim of this laundromat.');
  try {
    await deps.mail.send(claimCodeMail(row.id, row.email!, profile.name, code, language));
  } catch (error) {
    // Without its mail the code can never be given: the claim is closed, so a new one may be started.
    deps.logger.warn({ err: error, claimId: row.id }, 'claim code not mailed');
    await deps.db.tx((tx) => deps.claims.update(tx, row.id, { status: 'expired', codeHash: null }, now));
    throw new AppError(
      503,
      'We could not send the code right now. Please try again in a moment.',
      'MAIL_UNAVAILABLE',
    );
  }
  return toOwnerClaim(row);
}

type CodeOutcome = { ok: true; row: ClaimRow } | { ok: false; error: AppError };

/**
 * Only the claimant's right code within its 30 minutes verifies. A wrong one counts (the fifth ends the
 * claim) and is refused after that count commits; an expired, used or ended code changes nothing.
 */
export async function verifyClaimCode(
  deps: ClaimDeps,
  context: AuditContext,
  user: Identity,
  claimId: string,
  code: string,
): Promise<OwnerClaim> {
  const now = nowOf(deps);
  const outcome = await deps.db.tx(async (tx): Promise<CodeOutcome> => {
    const claim = await deps.claims.lock(tx, claimId);
    if (!claim || claim.userId !== user.id) throw notFound(claimNotFoundMessage);
    if (claim.method !== 'email-domain') throw conflict('This claim is decided by an admin, not by a code.');
    if (claim.status === 'verified') throw conflict('This code was already used: the claim is verified.');
    if (claim.status === 'failed')
      throw new AppError(410, 'Too many wrong codes. Please start a new claim.', 'CODE_ATTEMPTS_EXHAUSTED');
    if (claim.status === 'expired' || (claim.status === 'awaiting-code' && claim.codeExpiresAt! <= now))
      throw new AppError(410, 'This code has expired. Please start a new claim.', 'CODE_EXPIRED');
    if (claim.status !== 'awaiting-code') throw conflict(`This claim is ${claim.status}.`);
    if (!codeMatches(deps.codeSecret, claim.id, code, claim.codeHash!)) {
      const attempts = claim.codeAttempts + 1;
      const failed = attempts >= maxCodeAttempts;
      const updated = await deps.claims.update(
        tx,
        claim.id,
        failed ? { codeAttempts: attempts, status: 'failed', codeHash: null } : { codeAttempts: attempts },
        now,
      );
      if (failed) await audit(deps, tx, context, 'claim.fail', updated, { status: claim.status }, now);
      const left = maxCodeAttempts - attempts;
      return {
        ok: false,
        error: failed
          ? new AppError(410, 'Too many wrong codes. Please start a new claim.', 'CODE_ATTEMPTS_EXHAUSTED')
          : badRequest(
              `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
              'CODE_INCORRECT',
            ),
      };
    }
    const owner = await deps.claims.verifiedOf(tx, claim.laundromatId, true);
    if (owner) throw conflict(ownedByAnotherMessage);
    const verified = await deps.claims.update(
      tx,
      claim.id,
      { status: 'verified', codeHash: null, verifiedAt: now },
      now,
    );
    await recordVerified(deps, tx, verified);
    await audit(deps, tx, context, 'claim.verify', verified, { status: claim.status }, now);
    return { ok: true, row: verified };
  });
  if (!outcome.ok) throw outcome.error;
  return toOwnerClaim(outcome.row);
}

/** Refuses before the upload is read: an unknown laundromat, or the caller's own claim or ownership. */
export async function checkCanSendDocument(deps: ClaimDeps, user: Identity, laundromatId: string) {
  await requireLaundromat(deps, laundromatId);
  await checkNoOwnClaim(deps, user, laundromatId);
}

/**
 * The photo service stores the document (type sniffed, size limited, a PDF with active content refused);
 * the form's fields are checked here, and a document whose claim is refused is removed again.
 */
export async function claimByDocument(
  deps: ClaimDeps,
  context: AuditContext,
  user: Identity,
  laundromatId: string,
  upload: Parameters<PhotoClient['storeDocument']>[0],
  identity: string,
): Promise<OwnerClaim> {
  const stored = await deps.documents.storeDocument(upload, documentPurpose, identity);
  if (!stored.ok)
    throw new AppError(stored.status, stored.error.message, stored.error.code, stored.error.errors);
  const fields = documentClaimFieldsSchema.safeParse(stored.fields);
  if (!fields.success) {
    await deps.documents.deleteDocument(stored.document.id, identity);
    throw fields.error;
  }
  const now = nowOf(deps);
  const row = await deps.db.tx(async (tx) => {
    // A code that ran out unused must not count as the person's open claim.
    await deps.claims.expireCodes(tx, laundromatId, now);
    const owner = await deps.claims.verifiedOf(tx, laundromatId, true);
    if (owner?.userId === user.id) return undefined;
    const created = await deps.claims.insert(
      tx,
      {
        id: randomUUID(),
        laundromatId,
        userId: user.id,
        method: 'document',
        status: owner ? 'contested' : 'pending-review',
        documentId: stored.document.id,
        documentType: fields.data.documentType,
      },
      now,
    );
    if (created) await audit(deps, tx, context, 'claim.create', created, null, now);
    return created;
  });
  if (!row) {
    await deps.documents.deleteDocument(stored.document.id, identity);
    throw conflict('You already have an open claim of this laundromat, or own it.');
  }
  return toOwnerClaim(row);
}

/** A claim's document, for its claimant or an admin; anyone else gets a 404. */
export async function claimDocument(deps: ClaimDeps, viewer: Identity, claimId: string, identity: string) {
  const claim = await deps.claims.find(deps.db, claimId);
  const allowed = claim && (claim.userId === viewer.id || viewer.role === 'admin');
  if (!allowed || !claim.documentId) throw notFound('Document not found');
  const document = await deps.documents.openDocument(claim.documentId, identity);
  if (!document) throw notFound('Document not found');
  return document;
}

/** The caller's verified laundromats, and their claims still open. */
export async function ownLaundromats(deps: ClaimDeps, user: Identity): Promise<OwnerLaundromatsResponse> {
  const now = nowOf(deps);
  const rows = await deps.claims.ofUser(deps.db, user.id);
  const isOpen = (row: ClaimRow) =>
    row.status === 'pending-review' ||
    row.status === 'contested' ||
    (row.status === 'awaiting-code' && row.codeExpiresAt! > now);
  const transfers = await deps.transfers.pendingFrom(deps.db, user.id, now);
  return {
    verified: rows.filter((row) => row.status === 'verified').map(toOwnerClaim),
    open: rows.filter(isOpen).map(toOwnerClaim),
    transfers: transfers.map((row) => toClaimTransfer(row, now)),
  };
}

/** Gives up the caller's ownership of the laundromat and any open claim of it. */
export async function releaseLaundromat(
  deps: ClaimDeps,
  context: AuditContext,
  user: Identity,
  laundromatId: string,
): Promise<void> {
  const now = nowOf(deps);
  await deps.db.tx(async (tx) => {
    const active = await deps.claims.activeOf(tx, laundromatId, user.id);
    if (active.length === 0) throw notFound('You have no claim of this laundromat.');
    for (const claim of active) {
      const released = await deps.claims.update(tx, claim.id, { status: 'released', codeHash: null }, now);
      if (claim.status === 'verified') await recordReleased(deps.outbox, tx, claim, 'given-up', now);
      await audit(deps, tx, context, 'claim.release', released, { status: claim.status }, now);
      // A laundromat given up can no longer be handed over: its waiting transfer's link stops working.
      if (claim.status === 'verified') await endPendingTransfer(deps, tx, context, claim.id, now);
    }
  });
}

async function queueItem(deps: ClaimDeps, db: Db, row: ClaimRow): Promise<ClaimQueueItem> {
  const owner = row.status === 'verified' ? undefined : await deps.claims.verifiedOf(db, row.laundromatId);
  return {
    ...toOwnerClaim(row),
    userId: row.userId,
    currentOwner: owner ? { ...toOwnerClaim(owner), userId: owner.userId } : null,
  };
}

/** The admins' queue, oldest first; each claim with the owner it would replace, if any. */
export async function claimQueue(deps: ClaimDeps, status: string): Promise<ClaimQueueItem[]> {
  const statuses = status === 'pending' ? pendingStatuses : [status];
  const rows = await deps.claims.queue(deps.db, statuses, 200);
  return Promise.all(rows.map((row) => queueItem(deps, deps.db, row)));
}

/** An admin approves (the claimant becomes the owner, replacing any) or rejects a claim waiting for them. */
export async function decideClaim(
  deps: ClaimDeps,
  context: AuditContext,
  admin: Identity,
  claimId: string,
  decision: ClaimDecisionRequest,
): Promise<ClaimQueueItem> {
  const now = nowOf(deps);
  const before = await deps.claims.find(deps.db, claimId);
  // The claimant's mail names the laundromat; a directory that does not answer leaves 'your laundromat'.
  const laundromatName = before
    ? await deps.directory.laundromatProfile(before.laundromatId).then(
        (profile) => profile?.name ?? null,
        () => null,
      )
    : null;
  const tellClaimant = (tx: Db, claim: ClaimRow, status: 'approved' | 'rejected') =>
    deps.outbox.record(
      tx,
      createEvent(laundromatOwnerNoticeRaisedV1, deps.outbox.producer, {
        noticeId: `claim:${claim.id}`,
        type: 'owner.claim-decided',
        ownerUserId: claim.userId,
        laundromatId: claim.laundromatId,
        laundromatName,
        claimStatus: status,
        occurredAt: now.toISOString(),
      }),
    );
  return deps.db.tx(async (tx) => {
    const claim = await deps.claims.lock(tx, claimId);
    if (!claim) throw notFound(claimNotFoundMessage);
    if (!(pendingStatuses as readonly string[]).includes(claim.status))
      throw conflict(`This claim was already decided (${claim.status}).`);
    const notes = decision.notes || null;
    if (decision.decision === 'reject') {
      const rejected = await deps.claims.update(
        tx,
        claim.id,
        { status: 'rejected', decidedAt: now, decidedBy: admin.id, notes },
        now,
      );
      await audit(deps, tx, context, 'claim.reject', rejected, { status: claim.status }, now);
      await tellClaimant(tx, rejected, 'rejected');
      return queueItem(deps, tx, rejected);
    }
    const owner = await deps.claims.verifiedOf(tx, claim.laundromatId, true);
    if (owner) {
      const released = await deps.claims.update(tx, owner.id, { status: 'released' }, now);
      await recordReleased(deps.outbox, tx, owner, 'contest-lost', now);
      await audit(deps, tx, context, 'claim.release', released, { status: owner.status }, now);
      await endPendingTransfer(deps, tx, context, owner.id, now);
    }
    const verified = await deps.claims.update(
      tx,
      claim.id,
      { status: 'verified', verifiedAt: now, decidedAt: now, decidedBy: admin.id, notes },
      now,
    );
    await recordVerified(deps, tx, verified);
    await audit(deps, tx, context, 'claim.approve', verified, { status: claim.status }, now);
    await tellClaimant(tx, verified, 'approved');
    return queueItem(deps, tx, verified);
  });
}
