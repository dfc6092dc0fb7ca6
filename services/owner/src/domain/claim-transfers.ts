import { randomUUID } from 'node:crypto';
import type {
  ClaimTransfer,
  IncomingTransfer,
  Language,
  OwnerClaim,
  StartTransferRequest,
} from '@laundry/contracts';
import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { AppError, badRequest, tooManyRequests } from '@laundry/platform/errors';
import { auditSuccess, type AuditContext, type Outbox } from '@laundry/platform/outbox';
import {
  audit,
  nowOf,
  recordReleased,
  recordVerified,
  requireLaundromat,
  toOwnerClaim,
  type ClaimDeps,
} from './claims.ts';
import type { ClaimRow } from './claim-store.ts';
import { transferMail } from './transfer-mail.ts';
import type { TransferRow, TransferStore } from './transfer-store.ts';

/*
 * A transfer's states:
 *   pending ─the recipient, signed in with its address, accepts─▶ accepted (the sender's claim is released,
 *                                                                  the recipient gets a verified claim)
 *   pending ─the sender cancels, gives the laundromat up or loses it to a contest─▶ cancelled
 *   pending ─7 days unaccepted─▶ expired (written when next met; until then read as expired)
 * One pending transfer per owned laundromat (a unique index).
 *
 * Seven days: a sale's handover takes days, and the recipient may first have to create an account and
 * confirm its address (its link lasts 48 hours); a link that worked for weeks would hand the laundromat
 * over long after the deal it was sent for, perhaps to an address that changed hands meanwhile.
 */
export const transferValidityMs = 7 * 86_400_000;

export const transferNotFoundMessage = 'Transfer not found';
/** Transfer mails one person may cause in a day: each goes to an address they typed, maybe nobody's. */
export const transfersPerDay = 5;
export const notOwnerMessage = 'You are not the verified owner of this laundromat.';

const conflict = (message: string, code = 'CONFLICT') => new AppError(409, message, code);
const notFound = (message: string, code = 'NOT_FOUND') => new AppError(404, message, code);

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const isExpired = (row: Pick<TransferRow, 'status' | 'expiresAt'>, now: Date) =>
  row.status === 'expired' || (row.status === 'pending' && row.expiresAt <= now);

/** A transfer's state as people see it: a pending one whose time ran out is expired. */
const statusAt = (row: TransferRow, now: Date) => (isExpired(row, now) ? 'expired' : row.status);

export function toClaimTransfer(row: TransferRow, now = new Date()): ClaimTransfer {
  return {
    id: row.id,
    laundromatId: row.laundromatId,
    email: row.toEmail,
    status: statusAt(row, now),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export const toIncomingTransfer = (row: TransferRow, now: Date): IncomingTransfer => ({
  id: row.id,
  laundromatId: row.laundromatId,
  status: statusAt(row, now),
  expiresAt: row.expiresAt.toISOString(),
});

/** Refused before anything is stored: an address that is not someone else's. */
export function transferStartRefusal(ownerEmail: string, toEmail: string): AppError | undefined {
  if (sameAddress(ownerEmail, toEmail))
    return badRequest(
      'Enter the address of the person taking the laundromat over, not your own.',
      'TRANSFER_TO_SELF',
    );
  return undefined;
}

/**
 * Why the signed-in person cannot accept the transfer, if they cannot: only its recipient may even see its
 * state, so another account learns nothing else; then an accepted, cancelled or expired transfer is over.
 */
export function transferAcceptRefusal(
  row: Pick<TransferRow, 'toEmail' | 'status' | 'expiresAt'>,
  user: Pick<Identity, 'email'>,
  now: Date,
): AppError | undefined {
  if (!sameAddress(row.toEmail, user.email))
    return new AppError(
      403,
      'This transfer was sent to another e-mail address. Sign in with that address to accept it.',
      'TRANSFER_OTHER_ACCOUNT',
    );
  if (row.status === 'accepted') return conflict('This transfer was already accepted.', 'TRANSFER_ACCEPTED');
  if (row.status === 'cancelled')
    return new AppError(410, 'The owner cancelled this transfer.', 'TRANSFER_CANCELLED');
  if (isExpired(row, now))
    return new AppError(
      410,
      'This transfer has expired. Ask the owner to send a new one.',
      'TRANSFER_EXPIRED',
    );
  return undefined;
}

const auditTransfer = (
  outbox: Outbox,
  tx: Db,
  context: AuditContext,
  action: string,
  transfer: TransferRow,
  oldData: unknown,
  now: Date,
) =>
  // The recipient's address stays out of the log: the transfer's id leads to it while it is kept.
  auditSuccess(
    tx,
    outbox,
    context,
    {
      action,
      resource: 'owner-claim-transfer',
      resourceId: transfer.id,
      advertiserId: null,
      oldData,
      newData: { laundromatId: transfer.laundromatId, claimId: transfer.claimId, status: transfer.status },
    },
    now,
  );

/** Ends the claim's waiting transfer, if any (its laundromat was given up or lost): its link stops working. */
export async function endPendingTransfer(
  deps: { transfers: TransferStore; outbox: Outbox },
  tx: Db,
  context: AuditContext,
  claimId: string,
  now: Date,
) {
  const pending = await deps.transfers.pendingOf(tx, claimId);
  if (!pending) return;
  const status = pending.expiresAt <= now ? 'expired' : 'cancelled';
  const ended = await deps.transfers.end(tx, pending.id, { status }, now);
  await auditTransfer(
    deps.outbox,
    tx,
    context,
    `claim.transfer.${status === 'expired' ? 'expire' : 'cancel'}`,
    ended,
    { status: 'pending' },
    now,
  );
}

/** The caller's verified claim of the laundromat, locked; a 404 when it is not theirs. */
async function ownClaim(deps: ClaimDeps, tx: Db, user: Identity, laundromatId: string): Promise<ClaimRow> {
  const claim = await deps.claims.verifiedOf(tx, laundromatId, true);
  if (!claim || claim.userId !== user.id) throw notFound(notOwnerMessage, 'NOT_OWNER');
  return claim;
}

/**
 * The verified owner offers the laundromat to the person at an address: they are mailed a link, valid 7
 * days, in the language the owner chose for them. Nothing changes hands until they accept.
 */
export async function startTransfer(
  deps: ClaimDeps,
  context: AuditContext,
  user: Identity,
  laundromatId: string,
  request: StartTransferRequest,
  language: Language,
): Promise<ClaimTransfer> {
  const toEmail = request.email.trim().toLowerCase();
  const refusal = transferStartRefusal(user.email, toEmail);
  if (refusal) throw refusal;
  const owned = await deps.claims.verifiedOf(deps.db, laundromatId);
  if (!owned || owned.userId !== user.id) throw notFound(notOwnerMessage, 'NOT_OWNER');
  const profile = await requireLaundromat(deps, laundromatId);
  const now = nowOf(deps);
  if (
    (await deps.transfers.startedSince(deps.db, user.id, new Date(now.getTime() - 86_400_000))) >=
    transfersPerDay
  )
    throw tooManyRequests('You have sent several transfers today. Please try again tomorrow.');
  const row = await deps.db.tx(async (tx) => {
    const claim = await ownClaim(deps, tx, user, laundromatId);
    await deps.transfers.expire(tx, claim.id, now);
    const created = await deps.transfers.insert(
      tx,
      {
        id: randomUUID(),
        claimId: claim.id,
        laundromatId,
        fromUserId: user.id,
        toEmail,
        expiresAt: new Date(now.getTime() + transferValidityMs),
      },
      now,
    );
    if (created) await auditTransfer(deps.outbox, tx, context, 'claim.transfer.start', created, null, now);
    return created;
  });
  if (!row)
    throw conflict(
      'A transfer of this laundromat is already waiting. Cancel it before sending another.',
      'TRANSFER_PENDING',
    );
  try {
    await deps.mail.send(transferMail(row, user.email, profile.name, deps.publicUrl, language));
  } catch (error) {
    // A transfer whose mail never left cannot be accepted: it ends, so a new one may be sent.
    deps.logger.warn({ err: error, transferId: row.id }, 'transfer mail not sent');
    await deps.db.tx(async (tx) => {
      const ended = await deps.transfers.end(tx, row.id, { status: 'cancelled' }, now);
      await auditTransfer(
        deps.outbox,
        tx,
        context,
        'claim.transfer.cancel',
        ended,
        { status: 'pending' },
        now,
      );
    });
    throw new AppError(
      503,
      'We could not send the transfer mail right now. Please try again in a moment.',
      'MAIL_UNAVAILABLE',
    );
  }
  return toClaimTransfer(row, now);
}

/** The owner takes back the waiting transfer of their laundromat: its link stops working at once. */
export async function cancelTransfer(
  deps: ClaimDeps,
  context: AuditContext,
  user: Identity,
  laundromatId: string,
): Promise<void> {
  const now = nowOf(deps);
  await deps.db.tx(async (tx) => {
    const claim = await ownClaim(deps, tx, user, laundromatId);
    const pending = await deps.transfers.pendingOf(tx, claim.id);
    if (!pending || pending.expiresAt <= now)
      throw notFound('No transfer of this laundromat is waiting.', 'NO_PENDING_TRANSFER');
    const ended = await deps.transfers.end(tx, pending.id, { status: 'cancelled' }, now);
    await auditTransfer(deps.outbox, tx, context, 'claim.transfer.cancel', ended, { status: 'pending' }, now);
  });
}

/** The transfer, for the page its mail's link opens: only to the account of the address it was sent to. */
export async function incomingTransfer(
  deps: ClaimDeps,
  user: Identity,
  transferId: string,
): Promise<IncomingTransfer> {
  const row = await deps.transfers.find(deps.db, transferId);
  if (!row) throw notFound(transferNotFoundMessage);
  if (!sameAddress(row.toEmail, user.email)) throw transferAcceptRefusal(row, user, nowOf(deps))!;
  return toIncomingTransfer(row, nowOf(deps));
}

type AcceptOutcome = { ok: true; claim: ClaimRow } | { ok: false; error: AppError };

/**
 * The recipient, signed in with the address the transfer was sent to, takes the laundromat over: in one
 * transaction the sender's claim is released ('transferred') and the recipient's is created verified (by
 * 'transfer'), both events at the same instant, so every service's copy of the owner follows whatever order
 * they arrive in. The sender loses the laundromat at once; the recipient's own open claims of it end.
 */
export async function acceptTransfer(
  deps: ClaimDeps,
  context: AuditContext,
  user: Identity,
  transferId: string,
): Promise<OwnerClaim> {
  const now = nowOf(deps);
  const outcome = await deps.db.tx(async (tx): Promise<AcceptOutcome> => {
    const transfer = await deps.transfers.lock(tx, transferId);
    if (!transfer) throw notFound(transferNotFoundMessage);
    const refusal = transferAcceptRefusal(transfer, user, now);
    if (refusal) {
      // A pending transfer met after its time is written as expired, and the refusal committed after it.
      if (refusal.code === 'TRANSFER_EXPIRED' && transfer.status === 'pending') {
        const ended = await deps.transfers.end(tx, transfer.id, { status: 'expired' }, now);
        await auditTransfer(
          deps.outbox,
          tx,
          context,
          'claim.transfer.expire',
          ended,
          { status: 'pending' },
          now,
        );
        return { ok: false, error: refusal };
      }
      throw refusal;
    }
    const owner = await deps.claims.verifiedOf(tx, transfer.laundromatId, true);
    if (!owner || owner.id !== transfer.claimId)
      throw conflict(
        'The sender no longer owns this laundromat, so it cannot be handed over.',
        'TRANSFER_VOID',
      );
    for (const open of await deps.claims.activeOf(tx, transfer.laundromatId, user.id)) {
      const withdrawn = await deps.claims.update(tx, open.id, { status: 'released', codeHash: null }, now);
      await audit(deps, tx, context, 'claim.release', withdrawn, { status: open.status }, now);
    }
    const released = await deps.claims.update(tx, owner.id, { status: 'released' }, now);
    await recordReleased(deps.outbox, tx, owner, 'transferred', now);
    await audit(deps, tx, context, 'claim.release', released, { status: owner.status }, now);
    const claim = await deps.claims.insert(
      tx,
      {
        id: randomUUID(),
        laundromatId: transfer.laundromatId,
        userId: user.id,
        method: 'transfer',
        status: 'verified',
        verifiedAt: now,
      },
      now,
    );
    if (!claim) throw conflict('This laundromat changed hands meanwhile. Please try again.');
    await recordVerified(deps, tx, claim);
    await audit(deps, tx, context, 'claim.verify', claim, null, now);
    const accepted = await deps.transfers.end(
      tx,
      transfer.id,
      { status: 'accepted', toUserId: user.id, newClaimId: claim.id },
      now,
    );
    await auditTransfer(
      deps.outbox,
      tx,
      context,
      'claim.transfer.accept',
      accepted,
      { status: 'pending' },
      now,
    );
    return { ok: true, claim };
  });
  if (!outcome.ok) throw outcome.error;
  return toOwnerClaim(outcome.claim);
}
