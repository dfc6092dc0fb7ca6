import { z } from 'zod';
import { idSchema } from '../common.ts';
import {
  claimDecisionRequestSchema,
  claimQueueItemSchema,
  claimQueueQuerySchema,
  documentClaimFieldsSchema,
  emailClaimRequestSchema,
  ownerClaimSchema,
  claimTransferSchema,
  incomingTransferSchema,
  ownerLaundromatsResponseSchema,
  startTransferRequestSchema,
  verifyClaimRequestSchema,
} from '../owner-claim.ts';
import { defineOperations, jsonBody } from './operation.ts';

const laundromatIdParams = z.object({
  id: idSchema.meta({ description: "The laundromat's id." }),
});
const claimIdParams = z.object({
  claimId: idSchema.meta({ description: "The claim's id." }),
});

const transferIdParams = z.object({
  transferId: idSchema.meta({ description: "The transfer's id (from the recipient's mail)." }),
});

const documentClaimForm = z.object({
  ...documentClaimFieldsSchema.shape,
  document: z.string().meta({
    description: 'A business licence or utility bill: PDF, JPEG, PNG or WebP, at most 10 MB.',
    override: { type: 'string', format: 'binary' },
  }),
});

const binaryDocument = {
  description: 'The document as it was uploaded, as an attachment under `Content-Security-Policy: sandbox`.',
  contentType: 'application/octet-stream',
  schema: z.string().meta({ override: { type: 'string', format: 'binary' } }),
};

/** The owner service: people claiming the laundromats they run, and the admins deciding their claims. */
export const ownerOperations = defineOperations('owner', {
  claimByEmail: {
    method: 'post',
    path: '/api/laundromats/{id}/claims',
    summary: 'Claim a laundromat by an address at its website',
    description:
      "A 6-digit code, valid 30 minutes, is mailed to the address, which must be at the laundromat's website's " +
      'domain. 409 while the laundromat has a verified owner or the caller has an open claim of it.',
    access: 'signed-in',
    params: laundromatIdParams,
    body: jsonBody(emailClaimRequestSchema),
    answers: { 201: { description: 'The claim, awaiting its code.', schema: ownerClaimSchema } },
    errors: [400, 404, 409, 429, 503],
  },
  claimByDocument: {
    method: 'post',
    path: '/api/laundromats/{id}/claims/document',
    summary: 'Claim a laundromat with a business document',
    description:
      'Stored privately by the photo service (a PDF with active content is refused); an admin decides. ' +
      'While someone else owns the laundromat the claim is contested: the admin sees both sides.',
    access: 'signed-in',
    params: laundromatIdParams,
    body: { contentType: 'multipart/form-data', schema: documentClaimForm, required: true },
    answers: { 201: { description: 'The claim, pending review or contested.', schema: ownerClaimSchema } },
    errors: [400, 404, 409, 413, 415, 503],
  },
  verifyClaim: {
    method: 'post',
    path: '/api/claims/{claimId}/verify',
    summary: 'Prove an e-mail claim with its code',
    description: 'Only the claimant. Five wrong codes end the claim.',
    access: 'signed-in',
    params: claimIdParams,
    body: jsonBody(verifyClaimRequestSchema),
    answers: { 200: { description: 'The claim, verified.', schema: ownerClaimSchema } },
    errors: [400, 404, 409, 410],
  },
  getClaimDocument: {
    method: 'get',
    path: '/api/claims/{claimId}/document',
    summary: 'The document of a claim',
    description: 'To its claimant and to admins only.',
    access: 'signed-in',
    params: claimIdParams,
    answers: { 200: binaryDocument },
    errors: [404, 503],
  },
  listOwnLaundromats: {
    method: 'get',
    path: '/api/owner/laundromats',
    summary: "The caller's verified laundromats and open claims",
    access: 'signed-in',
    answers: { 200: { description: 'Verified and open claims.', schema: ownerLaundromatsResponseSchema } },
    errors: [],
  },
  releaseLaundromat: {
    method: 'delete',
    // Its own path: PATCH on the laundromat's path changes the listing, which the directory keeps.
    path: '/api/owner/laundromats/{id}/ownership',
    summary: 'Give up a laundromat or an open claim of it',
    access: 'signed-in',
    params: laundromatIdParams,
    answers: { 204: { description: 'Given up.' } },
    errors: [404],
  },
  startTransfer: {
    method: 'post',
    path: '/api/owner/laundromats/{id}/transfer',
    summary: 'Hand an owned laundromat over to another person',
    description:
      'Only its verified owner. The address is mailed a link, valid 7 days; signed in with that address, its ' +
      "owner accepts and the laundromat is theirs. 400 for the caller's own address, 409 while a transfer " +
      'of it waits, 429 after five transfers in a day.',
    access: 'signed-in',
    params: laundromatIdParams,
    body: jsonBody(startTransferRequestSchema),
    answers: { 201: { description: 'The transfer, pending.', schema: claimTransferSchema } },
    errors: [400, 404, 409, 429, 503],
  },
  cancelTransfer: {
    method: 'delete',
    path: '/api/owner/laundromats/{id}/transfer',
    summary: 'Cancel the pending transfer of an owned laundromat',
    description: 'Its link stops working at once.',
    access: 'signed-in',
    params: laundromatIdParams,
    answers: { 204: { description: 'Cancelled.' } },
    errors: [404],
  },
  getTransfer: {
    method: 'get',
    path: '/api/claims/transfers/{transferId}',
    summary: 'A transfer, for its recipient',
    description: '403 when the caller is signed in with another address than the one it was sent to.',
    access: 'signed-in',
    params: transferIdParams,
    answers: { 200: { description: 'The transfer.', schema: incomingTransferSchema } },
    errors: [403, 404],
  },
  acceptTransfer: {
    method: 'post',
    path: '/api/claims/transfers/{transferId}/accept',
    summary: "Accept a transfer: the laundromat becomes the caller's",
    description:
      'Only signed in with the address it was sent to (403 otherwise). 410 once cancelled or expired, 409 ' +
      'once accepted or when its sender no longer owns the laundromat. The previous owner loses it at once.',
    access: 'signed-in',
    params: transferIdParams,
    answers: { 200: { description: "The caller's new, verified claim.", schema: ownerClaimSchema } },
    errors: [403, 404, 409, 410],
  },
  listClaimQueue: {
    method: 'get',
    path: '/api/admin/claims',
    summary: 'Claims for an admin, oldest first',
    access: 'admin',
    query: claimQueueQuerySchema,
    answers: { 200: { description: 'The claims.', schema: z.array(claimQueueItemSchema) } },
    errors: [400],
  },
  decideClaim: {
    method: 'post',
    path: '/api/admin/claims/{claimId}/decision',
    summary: 'Approve or reject a claim',
    description: 'Approving a contested claim releases the current owner.',
    access: 'admin',
    params: claimIdParams,
    body: jsonBody(claimDecisionRequestSchema),
    answers: { 200: { description: 'The claim, decided.', schema: claimQueueItemSchema } },
    errors: [400, 404, 409],
  },
});
