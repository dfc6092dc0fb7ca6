import { z } from 'zod';
import {
  hasAtMostDecimals,
  idSchema,
  isoDateTimeSchema,
  latitudeSchema,
  longitudeSchema,
  webUrlSchema,
} from './common.ts';
import { decimalLimits, laundromatBooleanKeys, type LaundromatBooleanKey } from './constants/domain.ts';
import { queryIntWithDefaultSchema } from './query-params.ts';

/**
 * A person's correction of a laundromat ("Suggest an edit"): what they say is wrong, the current value the
 * directory held when they said it and the value they propose. An admin approves or rejects it with a reason.
 */
export const suggestionKinds = [
  'hours',
  'prices',
  'amenities',
  'phone',
  'website',
  'location',
  'closed',
  'not-exists',
  'duplicate',
] as const;
export type SuggestionKind = (typeof suggestionKinds)[number];

export const suggestionStatuses = ['pending', 'approved', 'rejected'] as const;
export type SuggestionStatus = (typeof suggestionStatuses)[number];

export const suggestionNoteMaxLength = 1000;

/** The laundromat prices a suggestion may correct (decimal 8,2 in the currency of the laundromat). */
export const suggestablePrices = [
  'washPriceSmall',
  'washPriceLarge',
  'dryPrice15min',
  'dryPrice30min',
  'detergentPrice',
] as const;
export type SuggestablePrice = (typeof suggestablePrices)[number];

const noteSchema = z
  .string({ error: 'The note must be text' })
  .trim()
  .max(suggestionNoteMaxLength, {
    error: `The note must be at most ${suggestionNoteMaxLength} characters`,
  })
  .optional();

const suggestedPriceSchema = z
  .number({ error: 'A price must be a number, or null when there is none' })
  .min(0, { error: 'A price must not be negative' })
  .max(decimalLimits.price, { error: `A price must be at most ${decimalLimits.price}` })
  .refine((v) => hasAtMostDecimals(v, 2), { error: 'A price can have at most 2 decimals' })
  .nullable();

const someGiven = (value: Record<string, unknown>) =>
  Object.values(value).some((entry) => entry !== undefined);

const pricesSchema = z
  .strictObject(
    Object.fromEntries(suggestablePrices.map((key) => [key, suggestedPriceSchema.optional()])) as {
      [K in SuggestablePrice]: z.ZodOptional<typeof suggestedPriceSchema>;
    },
    { error: `Prices are ${suggestablePrices.join(', ')}` },
  )
  .refine(someGiven, { error: 'Give at least one price' });

const amenitiesSchema = z
  .strictObject(
    Object.fromEntries(laundromatBooleanKeys.map((key) => [key, z.boolean().optional()])) as {
      [K in LaundromatBooleanKey]: z.ZodOptional<z.ZodBoolean>;
    },
    { error: 'Unknown amenity' },
  )
  .refine(someGiven, { error: 'Give at least one amenity' });

export const pinAtZeroMessage = 'The pin is at 0, 0, in the ocean: move it to where the laundromat is';

const common = { note: noteSchema };

/** POST /api/laundromats/{id}/suggestions. One kind of correction per suggestion. */
export const createSuggestionRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('hours'),
      /** OpenStreetMap opening_hours ('Mo-Fr 08:00-20:00'); the directory checks it with the OSM library. */
      openingHours: z
        .string({ error: 'Opening hours are required' })
        .trim()
        .min(1, { error: 'Opening hours are required' })
        .max(255, { error: 'Opening hours must be at most 255 characters' }),
      ...common,
    }),
    z.object({ kind: z.literal('prices'), prices: pricesSchema, ...common }),
    z.object({ kind: z.literal('amenities'), amenities: amenitiesSchema, ...common }),
    z.object({
      kind: z.literal('phone'),
      phone: z
        .string({ error: 'Phone is required' })
        .trim()
        .min(3, { error: 'Phone must be at least 3 characters' })
        .max(50, { error: 'Phone must be at most 50 characters' })
        .regex(/^[+0-9 ().\-/]+$/, { error: 'A phone number has digits, spaces and + ( ) - . / only' }),
      ...common,
    }),
    z.object({
      kind: z.literal('website'),
      website: z
        .string({ error: 'The website must be an http:// or https:// address' })
        .trim()
        .pipe(webUrlSchema('The website must be an http:// or https:// address')),
      ...common,
    }),
    z
      .object({
        kind: z.literal('location'),
        latitude: latitudeSchema,
        longitude: longitudeSchema,
        ...common,
      })
      .refine((pin) => !(pin.latitude === 0 && pin.longitude === 0), {
        error: pinAtZeroMessage,
        path: ['latitude'],
      }),
    z.object({ kind: z.literal('closed'), ...common }),
    z.object({ kind: z.literal('not-exists'), ...common }),
    z.object({ kind: z.literal('duplicate'), duplicateOfId: idSchema, ...common }),
  ],
  { error: `kind must be one of ${suggestionKinds.join(', ')}` },
);
export type CreateSuggestionRequest = z.infer<typeof createSuggestionRequestSchema>;
export type CreateSuggestionForm = z.input<typeof createSuggestionRequestSchema>;

/** One field of a suggestion: what the laundromat said when it was made and what is proposed. */
export const suggestionChangeSchema = z.object({
  /** The laundromat's field in the API's names ('openingHours', 'phone', 'hasWifi', 'location', 'status'). */
  field: z.string(),
  current: z.unknown(),
  proposed: z.unknown(),
});
export type SuggestionChange = z.infer<typeof suggestionChangeSchema>;

/** A suggestion as its author sees it (POST's answer, GET /api/suggestions/mine). */
export const suggestionSchema = z.object({
  id: idSchema,
  laundromatId: idSchema,
  laundromatName: z.string(),
  kind: z.enum(suggestionKinds),
  changes: z.array(suggestionChangeSchema),
  note: z.string().nullable(),
  status: z.enum(suggestionStatuses),
  /** The admin's reason, once decided. */
  reason: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  decidedAt: isoDateTimeSchema.nullable(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionListSchema = z.object({ items: z.array(suggestionSchema) });
export type SuggestionList = z.infer<typeof suggestionListSchema>;

/**
 * One change waiting for a decision, as the admins' queue shows it: the people who suggested the same
 * change to the same laundromat are counted together as confirmations, and one decision settles them all.
 */
export const suggestionGroupSchema = z.object({
  /** The first suggestion of the group; POST /api/admin/suggestions/{id}/decision takes it. */
  id: idSchema,
  laundromat: z.object({
    id: idSchema,
    name: z.string(),
    city: z.string(),
    country: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  kind: z.enum(suggestionKinds),
  /** The current value as the laundromat holds it now, and the proposed value. */
  changes: z.array(suggestionChangeSchema),
  /** How many people suggested this change (1 when only one did). */
  confirmations: z.number().int().min(1),
  suggestions: z.array(
    z.object({
      id: idSchema,
      userId: idSchema.nullable(),
      email: z.string().nullable(),
      note: z.string().nullable(),
      createdAt: isoDateTimeSchema,
    }),
  ),
  firstSuggestedAt: isoDateTimeSchema,
  /**
   * Set while the laundromat's verified owner has the first word on it: the instant it comes to the admins
   * (the first suggestion's time plus ownerAnswerDays). Null when it is the admins' to decide.
   */
  waitingForOwnerUntil: isoDateTimeSchema.nullable(),
});
export type SuggestionGroup = z.infer<typeof suggestionGroupSchema>;

export const suggestionQueueSchema = z.object({
  items: z.array(suggestionGroupSchema),
  /** Pending suggestions in all (every person's), not only this page's groups. */
  total: z.number().int().min(0),
});
export type SuggestionQueue = z.infer<typeof suggestionQueueSchema>;

/** How long a laundromat's verified owner has to answer a suggestion before it comes to the admins. */
export const ownerAnswerDays = 7;

/**
 * A pending change of one of the owner's laundromats, as the owner sees it (GET /api/owner/suggestions):
 * the current and proposed values and the people's notes, never who suggested it.
 */
export const ownerSuggestionSchema = z.object({
  /** The first suggestion of the change; POST /api/owner/suggestions/{id}/decision takes it. */
  id: idSchema,
  laundromat: z.object({ id: idSchema, name: z.string(), city: z.string() }),
  kind: z.enum(suggestionKinds),
  changes: z.array(suggestionChangeSchema),
  /** How many people suggested this change. */
  confirmations: z.number().int().min(1),
  notes: z.array(z.string()),
  firstSuggestedAt: isoDateTimeSchema,
  /** Until when the owner has the first word; after it the admins decide too (the owner still may). */
  answerBy: isoDateTimeSchema,
});
export type OwnerSuggestion = z.infer<typeof ownerSuggestionSchema>;

export const ownerSuggestionListSchema = z.object({ items: z.array(ownerSuggestionSchema) });
export type OwnerSuggestionList = z.infer<typeof ownerSuggestionListSchema>;

export const suggestionQueueLimits = { default: 50, max: 200 } as const;

/** GET /api/admin/suggestions: pending changes, the most confirmed first, then the oldest. */
export const listSuggestionsQuerySchema = z.object({
  limit: queryIntWithDefaultSchema(
    `limit must be a whole number between 1 and ${suggestionQueueLimits.max}`,
    1,
    suggestionQueueLimits.max,
    suggestionQueueLimits.default,
  ),
});
export type ListSuggestionsQuery = z.infer<typeof listSuggestionsQuerySchema>;

export const suggestionReasonRequired = 'A reason for the rejection is required';

/** POST /api/admin/suggestions/{id}/decision: approve (applies it) or reject, with a reason for the person. */
export const decideSuggestionRequestSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }),
    reason: z
      .string({ error: 'The reason must be text' })
      .trim()
      .max(2000, { error: 'The reason must be at most 2000 characters' })
      .optional(),
  })
  .refine((body) => body.decision === 'approve' || (body.reason ?? '') !== '', {
    error: suggestionReasonRequired,
    path: ['reason'],
  });
export type DecideSuggestionRequest = z.infer<typeof decideSuggestionRequestSchema>;

export const suggestionDecisionSchema = z.object({
  id: idSchema,
  status: z.enum(['approved', 'rejected']),
  /** Every suggestion the decision settled (the confirmations of the same change included). */
  decidedIds: z.array(idSchema),
});
export type SuggestionDecision = z.infer<typeof suggestionDecisionSchema>;
