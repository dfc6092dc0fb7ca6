import { z } from 'zod';
import { createdFeedKeySchema, createFeedKeyRequestSchema, outOfOrderFixedSchema } from '../availability.ts';
import { idSchema } from '../common.ts';
import {
  ownerFeedKeyListSchema,
  ownerFeedKeyParamsSchema,
  ownerOutOfOrderSchema,
  rotatedFeedKeySchema,
} from '../owner-feeds.ts';
import { defineOperations, jsonBody } from './operation.ts';

const laundromatIdParams = z.object({ id: idSchema.meta({ description: "The laundromat's id." }) });
const ownerOnly = 'Only the laundromat’s verified owner (or an admin) may do this: anyone else gets a 403.';

/** A laundromat's verified owner runs its machine feed and answers visitors' out-of-order reports. */
export const ownerFeedOperations = defineOperations('availability', {
  listOwnerFeedKeys: {
    method: 'get',
    path: '/api/owner/laundromats/{id}/feed-keys',
    summary: "The machine feed's keys of an owned laundromat, with each one's last message",
    description:
      'Newest first, revoked ones included; each with its last accepted message and whether it was heard ' +
      `within 15 minutes, and the feed as a whole: none, healthy or stale. ${ownerOnly}`,
    access: 'signed-in',
    params: laundromatIdParams,
    answers: { 200: { description: 'The keys (never the secrets).', schema: ownerFeedKeyListSchema } },
    errors: [403, 404],
  },
  createOwnerFeedKey: {
    method: 'post',
    path: '/api/owner/laundromats/{id}/feed-keys',
    summary: 'Create a key for the machine feed of an owned laundromat',
    description: `The key is in this answer only; the service keeps its SHA-256. Audited. ${ownerOnly}`,
    access: 'signed-in',
    params: laundromatIdParams,
    body: jsonBody(createFeedKeyRequestSchema, false),
    answers: { 201: { description: 'The key, shown once.', schema: createdFeedKeySchema } },
    errors: [400, 403, 404],
  },
  rotateOwnerFeedKey: {
    method: 'post',
    path: '/api/owner/laundromats/{id}/feed-keys/{keyId}/rotate',
    summary: 'Replace a feed key with a new one',
    description:
      'A new key with the same label, shown once; the old key keeps working for 60 minutes more, so the ' +
      `payment system can be switched without a gap. Audited. A revoked key cannot be rotated (404). ${ownerOnly}`,
    access: 'signed-in',
    params: ownerFeedKeyParamsSchema,
    answers: { 201: { description: 'The new key, shown once.', schema: rotatedFeedKeySchema } },
    errors: [403, 404],
  },
  revokeOwnerFeedKey: {
    method: 'delete',
    path: '/api/owner/laundromats/{id}/feed-keys/{keyId}',
    summary: 'Revoke a feed key of an owned laundromat at once',
    description: `Messages with it are refused with a 401 from now on. Audited. ${ownerOnly}`,
    access: 'signed-in',
    params: ownerFeedKeyParamsSchema,
    answers: { 204: { description: 'Revoked.' } },
    errors: [403, 404],
  },
  getOwnerOutOfOrder: {
    method: 'get',
    path: '/api/owner/laundromats/{id}/out-of-order',
    summary: 'What visitors last reported broken at an owned laundromat',
    description: `The newest report since the last 'Mark fixed' that names broken machines, or null. ${ownerOnly}`,
    access: 'signed-in',
    params: laundromatIdParams,
    answers: { 200: { description: 'The broken machines, or null.', schema: ownerOutOfOrderSchema } },
    errors: [403, 404],
  },
  markOwnerOutOfOrderFixed: {
    method: 'post',
    path: '/api/owner/laundromats/{id}/out-of-order/fixed',
    summary: "Mark an owned laundromat's out-of-order machines fixed",
    description:
      "The laundromat's detail stops showing them until a later report names broken machines again. " +
      `Audited. A 404 when nothing is reported broken. ${ownerOnly}`,
    access: 'signed-in',
    params: laundromatIdParams,
    answers: { 200: { description: 'When it was marked fixed.', schema: outOfOrderFixedSchema } },
    errors: [403, 404],
  },
});
