import { z } from 'zod';
import { idSchema } from '../common.ts';
import {
  createSuggestionRequestSchema,
  decideSuggestionRequestSchema,
  listSuggestionsQuerySchema,
  ownerSuggestionListSchema,
  suggestionDecisionSchema,
  suggestionListSchema,
  suggestionQueueSchema,
  suggestionSchema,
} from '../laundromat-suggestion.ts';
import { defineOperations, jsonBody } from './operation.ts';

/** 'Suggest an edit': people's corrections of a laundromat and the admins' decisions on them. */
export const suggestionOperations = defineOperations('directory', {
  suggestLaundromatEdit: {
    method: 'post',
    path: '/api/laundromats/{id}/suggestions',
    summary: 'Suggest an edit of a laundromat',
    description:
      'One kind of correction per suggestion: hours (an OpenStreetMap `opening_hours` value), prices, ' +
      'amenities, phone, website, location (a pin, never 0, 0), closed, not-exists or duplicate (of another ' +
      "laundromat's id), with an optional note of at most 1,000 characters. The answer carries the " +
      "laundromat's current value beside each proposed one. A change to what the laundromat already says is " +
      'a 400, the same change by the same person while it waits a 409, and more than the per-person hourly ' +
      'allowance a 429; nothing is stored then.',
    access: 'signed-in',
    params: z.object({ id: idSchema.meta({ description: "The laundromat's id." }) }),
    body: jsonBody(createSuggestionRequestSchema),
    answers: { 201: { description: 'The suggestion, waiting for a decision.', schema: suggestionSchema } },
    errors: [400, 404, 409, 429],
  },
  listOwnSuggestions: {
    method: 'get',
    path: '/api/suggestions/mine',
    summary: "The signed-in person's suggested edits",
    description: 'Newest first, each with its decision and the reason an admin gave.',
    access: 'signed-in',
    answers: { 200: { description: 'The suggestions.', schema: suggestionListSchema } },
    errors: [],
  },
  listSuggestionQueue: {
    method: 'get',
    path: '/api/admin/suggestions',
    summary: 'Suggested edits waiting for a decision',
    description:
      'Each pending change once, with the people who suggested it counted as confirmations (the most ' +
      "confirmed first, then the oldest) and each field's current value beside the proposed one. A change " +
      "to a laundromat with a verified owner carries `waitingForOwnerUntil` for its owner's first " +
      "week (the owner decides first); after it, the field is null and the change is the admins' as usual.",
    access: 'admin',
    query: listSuggestionsQuerySchema,
    answers: { 200: { description: 'The queue.', schema: suggestionQueueSchema } },
    errors: [400],
  },
  decideSuggestion: {
    method: 'post',
    path: '/api/admin/suggestions/{id}/decision',
    summary: 'Approve or reject a suggested edit',
    description:
      'Settles every pending suggestion of the same change. Approving writes it to the laundromat (closed ' +
      'sets `status` closed; a pin moves the location), records the fields as edited here so an ' +
      'OpenStreetMap sync keeps them, and adds it to the history; a rejection needs a reason. Each person ' +
      'is told (e-mail and account page) and earns points for an approved edit; the decision is audited.',
    access: 'admin',
    params: z.object({ id: idSchema.meta({ description: "The suggestion's id (the group's first)." }) }),
    body: jsonBody(decideSuggestionRequestSchema),
    answers: { 200: { description: 'What was decided.', schema: suggestionDecisionSchema } },
    errors: [400, 404, 409],
  },
  listOwnerSuggestions: {
    method: 'get',
    path: '/api/owner/suggestions',
    summary: "Suggested edits of the signed-in owner's laundromats",
    description:
      'Each pending change of a laundromat the person is the verified owner of, once, with the current ' +
      "value beside the proposed one, the people's notes (never who they are) and `answerBy`, when the " +
      'change comes to the admins if the owner has not answered. Oldest first.',
    access: 'signed-in',
    answers: { 200: { description: 'The suggestions.', schema: ownerSuggestionListSchema } },
    errors: [],
  },
  decideOwnerSuggestion: {
    method: 'post',
    path: '/api/owner/suggestions/{id}/decision',
    summary: "The owner's decision on a suggested edit",
    description:
      "As an admin's decision, by the laundromat's verified owner (or an admin): approving applies it and " +
      'adds it to the history, a rejection needs a reason; each person is told and earns points for an ' +
      "approved edit; audited. Anyone else's decision is a 403 and changes nothing.",
    access: 'signed-in',
    params: z.object({ id: idSchema.meta({ description: "The suggestion's id (the change's first)." }) }),
    body: jsonBody(decideSuggestionRequestSchema),
    answers: { 200: { description: 'What was decided.', schema: suggestionDecisionSchema } },
    errors: [400, 403, 404, 409],
  },
});
