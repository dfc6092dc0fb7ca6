import { z } from 'zod';
import { idSchema } from '../common.ts';
import {
  laundromatHistoryQuerySchema,
  laundromatHistorySchema,
  laundromatMergeSchema,
  laundromatUpstreamSchema,
  mergeLaundromatsRequestSchema,
  takeUpstreamRequestSchema,
} from '../laundromat-corrections.ts';
import { defineOperations, jsonBody } from './operation.ts';

const laundromatIdParams = z.object({ id: idSchema.meta({ description: "The laundromat's id." }) });

/**
 * Keeping real laundromats right: the public history of what changed, OpenStreetMap's values where the
 * directory kept its own, and merging duplicates.
 */
export const laundromatCorrectionOperations = defineOperations('directory', {
  getLaundromatHistory: {
    method: 'get',
    path: '/api/laundromats/{id}/history',
    summary: "A laundromat's history of applied changes",
    description:
      'Newest first, `limit` at a time with `nextCursor` for older ones: each change with its fields ' +
      '(old and new value), when, and where it came from (an approved suggestion, the owner, the ' +
      'OpenStreetMap sync or an admin). Never who suggested a change.',
    access: 'anyone',
    params: laundromatIdParams,
    query: laundromatHistoryQuerySchema,
    answers: { 200: { description: 'One page of the history.', schema: laundromatHistorySchema } },
    errors: [400, 404],
  },
  getLaundromatUpstream: {
    method: 'get',
    path: '/api/admin/laundromats/{id}/upstream',
    summary: 'Where a laundromat keeps its own value over OpenStreetMap',
    description:
      "Each field a person's approved correction or the owner keeps, whose value OpenStreetMap's last sync " +
      'gave differently, with both values.',
    access: 'admin',
    params: laundromatIdParams,
    answers: { 200: { description: 'The differences.', schema: laundromatUpstreamSchema } },
    errors: [404],
  },
  takeUpstreamValue: {
    method: 'post',
    path: '/api/admin/laundromats/{id}/upstream',
    summary: "Take OpenStreetMap's value of a kept field",
    description:
      "Writes upstream's value, lets later syncs update the field again, adds the change to the history " +
      'and audits it. A field without a difference is a 409.',
    access: 'admin',
    params: laundromatIdParams,
    body: jsonBody(takeUpstreamRequestSchema),
    answers: { 200: { description: 'The differences that remain.', schema: laundromatUpstreamSchema } },
    errors: [400, 404, 409],
  },
  mergeLaundromats: {
    method: 'post',
    path: '/api/admin/laundromats/merge',
    summary: 'Merge a duplicate laundromat into another',
    description:
      'The merged one is closed and kept, pointing to the survivor (its detail answers 301 to the ' +
      "survivor's); its favourites move now, its reviews and photos through laundromat.merged.v1. The " +
      "survivor fills its empty phone, website and hours from it. `suggestionId` settles that 'duplicate of " +
      "…' suggestion as approved. Audited; a laundromat merged already is a 409.",
    access: 'admin',
    body: jsonBody(mergeLaundromatsRequestSchema),
    answers: { 200: { description: 'What the merge did.', schema: laundromatMergeSchema } },
    errors: [400, 404, 409],
  },
});
