import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';

/** A local wall-clock time 'HH:MM' (24 h, in the laundromat's time zone); the client formats it 'h:mm AM/PM'. */
export const localTimeSchema = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, { error: 'Time must be HH:MM' });

/**
 * The card reading (docs/product.md, Behaviour), one kind per text:
 * open_24_hours 'Open 24 hours' · closes_at 'Closes at {time}' · opens_at 'Opens at {time}' (later today) ·
 * opens_tomorrow_at 'Closed • Opens tomorrow at {time}' · opens_tomorrow 'Closed • Opens tomorrow' ·
 * closed_today 'Closed today' · hours_not_available 'Hours not available'.
 */
export const statusTextSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open_24_hours') }),
  z.object({ kind: z.literal('closes_at'), time: localTimeSchema }),
  z.object({ kind: z.literal('opens_at'), time: localTimeSchema }),
  z.object({ kind: z.literal('opens_tomorrow_at'), time: localTimeSchema }),
  z.object({ kind: z.literal('opens_tomorrow') }),
  z.object({ kind: z.literal('closed_today') }),
  z.object({ kind: z.literal('hours_not_available') }),
  // The hours' rule for now is 'unknown' (OSM `unknown`, or a comment alone): 'Call ahead'.
  z.object({ kind: z.literal('call_ahead'), comment: z.string().optional() }),
  // Open, but the rule carries a comment ('"ring the bell"'): 'Hours may vary'.
  z.object({ kind: z.literal('hours_may_vary'), comment: z.string().optional() }),
]);
export type StatusText = z.infer<typeof statusTextSchema>;
export type StatusTextKind = StatusText['kind'];

/** Open/closed computed on the server in the laundromat's own time zone at response time. */
export const openStatusSchema = z.object({
  /** Card and map reading: a range's end is exclusive. */
  isOpenNow: z.boolean(),
  /** Detail and favorites reading, where the end minute is inclusive; absent means the same as isOpenNow. */
  isOpenNowInclusive: z.boolean().optional(),
  is24Hours: z.boolean(),
  /** Today's raw hours value ('9:00-21:00', '24/7', 'closed'), null when today has no entry. */
  todayHours: z.string().nullable(),
  /** The next instant the open state flips, null when it never does within a week (24/7 or no hours). */
  nextChange: isoDateTimeSchema.nullable(),
  statusText: statusTextSchema,
  /** The rule for now is unknown: neither open nor closed can be said (isOpenNow is then false). */
  isUnknownNow: z.boolean().optional(),
  /** The comment of the rule for now, as the hours' value gives it. */
  comment: z.string().nullable().optional(),
});
export type OpenStatus = z.infer<typeof openStatusSchema>;
