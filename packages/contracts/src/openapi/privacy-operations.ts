import { z } from 'zod';
import { idSchema } from '../common.ts';
import {
  consentHistoryResponseSchema,
  consentStateSchema,
  putConsentRequestSchema,
  retentionPoliciesResponseSchema,
  retentionPolicySchema,
  updateRetentionPolicyRequestSchema,
} from '../privacy.ts';
import type { ApiOperation } from './operations.ts';

const json = (schema: z.ZodType) => ({ contentType: 'application/json' as const, schema, required: true });

/** A signed-in person's cookie choices (spec §3 user consent) and the admins' retention policies. */
export const privacyOperations: ApiOperation[] = [
  {
    operationId: 'getConsent',
    method: 'get',
    path: '/api/me/consent',
    service: 'identity',
    summary: "The person's current cookie choices",
    description:
      'Necessary, analytics and advertising as last recorded, with the policy version they were given ' +
      'under; the page asks again when the current policy is newer.',
    access: 'signed-in',
    answers: { 200: { description: 'The current choices.', schema: consentStateSchema } },
    errors: [],
  },
  {
    operationId: 'putConsent',
    method: 'put',
    path: '/api/me/consent',
    service: 'identity',
    summary: 'Record the cookie choices',
    description:
      'Each change is a new record (a withdrawal sets withdrawnAt), never an overwrite, kept with its ' +
      'version, source, time, address and user agent. Without advertising consent the advertising ' +
      'identifier cookie is cleared and the ad service forgets what it counted under it.',
    access: 'signed-in',
    body: json(putConsentRequestSchema),
    answers: { 200: { description: 'The choices now in force.', schema: consentStateSchema } },
    errors: [400, 415],
  },
  {
    operationId: 'getConsentHistory',
    method: 'get',
    path: '/api/me/consent/history',
    service: 'identity',
    summary: 'Every cookie choice the person has recorded, withdrawals included',
    access: 'signed-in',
    answers: { 200: { description: 'The records, newest first.', schema: consentHistoryResponseSchema } },
    errors: [],
  },
  {
    operationId: 'listRetentionPolicies',
    method: 'get',
    path: '/api/admin/retention-policies',
    service: 'identity',
    summary: 'The data retention policies of every service',
    description:
      'Each with its period, legal basis, jurisdiction, whether it runs by itself and its last run.',
    access: 'admin',
    answers: { 200: { description: 'The policies.', schema: retentionPoliciesResponseSchema } },
    errors: [],
  },
  {
    operationId: 'updateRetentionPolicy',
    method: 'patch',
    path: '/api/admin/retention-policies/{id}',
    service: 'identity',
    summary: 'Change a retention policy',
    description: "The fields sent change; the change is written to the audit log with the admin's name.",
    access: 'admin',
    params: z.object({ id: idSchema.meta({ description: "The policy's id." }) }),
    body: json(updateRetentionPolicyRequestSchema),
    answers: { 200: { description: 'The policy as changed.', schema: retentionPolicySchema } },
    errors: [400, 404, 415],
  },
];
