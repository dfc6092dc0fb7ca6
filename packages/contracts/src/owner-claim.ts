import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';

/**
 * How a person came to own a laundromat: a code mailed to its website's domain, a paper an admin read, or
 * a handover from its previous verified owner (a transfer the recipient accepted).
 */
export const claimMethodSchema = z.enum(['email-domain', 'document', 'transfer']);
export type ClaimMethod = z.infer<typeof claimMethodSchema>;

/**
 * awaiting-code: a code was mailed (e-mail claims); pending-review: a document waits for an admin;
 * contested: a document sent while someone else owns the laundromat, for an admin to weigh both sides;
 * verified: the owner; rejected, released (given up, erased or lost to a contest), failed (too many wrong
 * codes) and expired (the code ran out unused) are closed.
 */
export const claimStatusSchema = z.enum([
  'awaiting-code',
  'pending-review',
  'contested',
  'verified',
  'rejected',
  'released',
  'failed',
  'expired',
]);
export type ClaimStatus = z.infer<typeof claimStatusSchema>;

export const claimDocumentTypeSchema = z.enum(['business-licence', 'utility-bill'], {
  error: "Document type must be 'business-licence' or 'utility-bill'",
});

export const emailClaimRequestSchema = z.object({
  method: z.literal('email-domain', { error: "Method must be 'email-domain' (documents are uploaded)" }),
  email: z
    .string({ error: 'E-mail address is required' })
    .trim()
    .max(254, { error: 'E-mail address is too long' })
    .pipe(z.email({ error: 'Enter a valid e-mail address' })),
  /** The language the code's mail is written in; the request's otherwise. */
  language: z.string().max(35).optional(),
});
export type EmailClaimRequest = z.infer<typeof emailClaimRequestSchema>;

/** The text fields of a document claim's form (multipart), beside its `document` file. */
export const documentClaimFieldsSchema = z.object({
  method: z.literal('document', { error: "Method must be 'document'" }).optional(),
  documentType: claimDocumentTypeSchema,
});
export type DocumentClaimFields = z.infer<typeof documentClaimFieldsSchema>;

export const verifyClaimRequestSchema = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'The code has 6 digits' }),
});

export const claimDecisionRequestSchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: "Decision must be 'approve' or 'reject'" }),
  notes: z.string().trim().max(2000, { error: 'Notes are at most 2000 characters' }).optional(),
});
export type ClaimDecisionRequest = z.infer<typeof claimDecisionRequestSchema>;

export const claimQueueQuerySchema = z.object({
  /** pending: waiting for an admin (pending-review and contested). */
  status: z
    .enum(['pending', 'contested', 'verified', 'rejected', 'released'], { error: 'Unknown status' })
    .default('pending'),
});

/** A claim as its claimant and the admins see it; the code (kept only hashed) never leaves the service. */
export const ownerClaimSchema = z.object({
  id: idSchema,
  laundromatId: idSchema,
  method: claimMethodSchema,
  status: claimStatusSchema,
  /** The address the code went to (e-mail claims). */
  email: z.string().nullable(),
  documentType: claimDocumentTypeSchema.nullable(),
  /** Where the claimant and admins download the document (an attachment, sandboxed). */
  documentUrl: z.string().nullable(),
  codeExpiresAt: isoDateTimeSchema.nullable(),
  verifiedAt: isoDateTimeSchema.nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
  notes: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type OwnerClaim = z.infer<typeof ownerClaimSchema>;

/**
 * A handover of a verified laundromat to the person at `email`: pending until they accept it (signed in
 * with that address), the owner cancels it, or its 7 days run out; accepted moves the claim to them.
 */
export const claimTransferStatusSchema = z.enum(['pending', 'accepted', 'cancelled', 'expired']);
export type ClaimTransferStatus = z.infer<typeof claimTransferStatusSchema>;

export const startTransferRequestSchema = z.object({
  email: z
    .string({ error: 'E-mail address is required' })
    .trim()
    .max(254, { error: 'E-mail address is too long' })
    .pipe(z.email({ error: 'Enter a valid e-mail address' })),
  /** The language the recipient's mail is written in; the request's otherwise. */
  language: z.string().max(35).optional(),
});
export type StartTransferRequest = z.infer<typeof startTransferRequestSchema>;

/** A transfer as its sender sees it. */
export const claimTransferSchema = z.object({
  id: idSchema,
  laundromatId: idSchema,
  /** The recipient's address. */
  email: z.string(),
  status: claimTransferStatusSchema,
  expiresAt: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
});
export type ClaimTransfer = z.infer<typeof claimTransferSchema>;

/** A transfer as its recipient sees it, on the page the mail's link opens. */
export const incomingTransferSchema = z.object({
  id: idSchema,
  laundromatId: idSchema,
  status: claimTransferStatusSchema,
  expiresAt: isoDateTimeSchema,
});
export type IncomingTransfer = z.infer<typeof incomingTransferSchema>;

export const ownerLaundromatsResponseSchema = z.object({
  verified: z.array(ownerClaimSchema),
  open: z.array(ownerClaimSchema),
  /** The caller's transfers of their laundromats still waiting for the recipient. */
  transfers: z.array(claimTransferSchema),
});
export type OwnerLaundromatsResponse = z.infer<typeof ownerLaundromatsResponseSchema>;

/** An admin's queue item: the claim, its claimant, and for a contested one the owner it would replace. */
export const claimQueueItemSchema = ownerClaimSchema.extend({
  userId: idSchema,
  currentOwner: ownerClaimSchema.extend({ userId: idSchema }).nullable(),
});
export type ClaimQueueItem = z.infer<typeof claimQueueItemSchema>;
