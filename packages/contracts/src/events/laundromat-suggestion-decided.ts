import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';
import { suggestionKinds } from '../laundromat-suggestion.ts';

export const laundromatSuggestionDecidedV1 = 'laundromat.suggestion-decided.v1';

/**
 * An admin decided a person's suggested edit: the person is told (e-mail in their language, their account
 * page) and, when it was approved, earns contribution points for it.
 */
export const laundromatSuggestionDecidedV1DataSchema = z.object({
  suggestionId: z.uuid(),
  laundromatId: z.uuid(),
  laundromatName: z.string(),
  /** Who suggested it; the decision of an erased account's suggestion is announced to nobody. */
  userId: z.uuid(),
  kind: z.enum(suggestionKinds),
  status: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
  decidedAt: z.iso.datetime({ offset: true }),
});
export type LaundromatSuggestionDecidedV1Data = z.infer<typeof laundromatSuggestionDecidedV1DataSchema>;

export const laundromatSuggestionDecidedV1Schema = defineEventSchema(
  laundromatSuggestionDecidedV1,
  laundromatSuggestionDecidedV1DataSchema,
);
