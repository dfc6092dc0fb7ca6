import { z } from 'zod';
import { idSchema, isoDateTimeSchema, latitudeSchema, longitudeSchema } from './common.ts';
import { availabilityLimits, reportKinds } from './constants/availability.ts';
import { busynessLevels } from './constants/busyness.ts';

export { busynessLevels, busynessLimits, type BusynessLevel } from './constants/busyness.ts';

/** Live availability's schemas: visitors' reports, machine feeds and the one live state (the limits are constants). */

const L = availabilityLimits;

/** Where the reporter was, as a band: the position itself is never stored. */
export const distanceBands = ['on-site', 'near', 'far', 'unknown'] as const;
export type DistanceBand = (typeof distanceBands)[number];

const count = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(L.maxMachines, { error: `${label} must be at most ${L.maxMachines}` });

const freeAndTotal = (kind: 'washers' | 'dryers') => {
  const Kind = kind === 'washers' ? 'Washers' : 'Dryers';
  return z
    .object(
      { free: count(`${Kind} free`), total: count(`${Kind} in total`) },
      { error: `${Kind} must be { free, total }` },
    )
    .strict()
    .refine((value) => value.free <= value.total, {
      error: `${Kind} free cannot be more than the ${kind} in total`,
      path: ['free'],
    });
};

/** The device's position when the person allowed it, with its stated accuracy in metres. */
export const reportPositionSchema = z
  .object({
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    accuracyMeters: z
      .number({ error: 'Accuracy must be a number of metres' })
      .min(0, { error: 'Accuracy cannot be negative' })
      .max(100_000, { error: 'Accuracy must be at most 100000 metres' }),
  })
  .strict();

/**
 * POST /api/laundromats/{id}/availability/reports. Either counts (washers and/or dryers as free of total)
 * or one of the quick kinds ('all-free', 'some-free', 'full'), never neither.
 */
export const createAvailabilityReportRequestSchema = z
  .object({
    kind: z.enum(reportKinds, { error: `Kind must be one of ${reportKinds.join(', ')}` }).default('counts'),
    washers: freeAndTotal('washers').optional(),
    dryers: freeAndTotal('dryers').optional(),
    outOfOrderWashers: count('Washers out of order').default(0),
    outOfOrderDryers: count('Dryers out of order').default(0),
    waitMinutes: z
      .number({ error: 'Wait must be a number of minutes' })
      .int({ error: 'Wait must be a whole number of minutes' })
      .min(0, { error: 'Wait cannot be negative' })
      .max(L.maxWaitMinutes, { error: `Wait must be at most ${L.maxWaitMinutes} minutes` })
      .optional(),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(L.maxNoteLength, { error: `Note must be at most ${L.maxNoteLength} characters` })
      .optional(),
    position: reportPositionSchema.optional(),
  })
  .strict()
  .superRefine((report, ctx) => {
    if (report.kind === 'counts' && !report.washers && !report.dryers) {
      ctx.addIssue({
        code: 'custom',
        path: ['washers'],
        message: "Give washers or dryers free of total, or a quick kind ('all-free', 'some-free', 'full')",
      });
    }
    const tooManyBroken = (broken: number, total: number | undefined) =>
      total !== undefined && broken > total;
    if (tooManyBroken(report.outOfOrderWashers, report.washers?.total)) {
      ctx.addIssue({
        code: 'custom',
        path: ['outOfOrderWashers'],
        message: 'Washers out of order cannot be more than the washers in total',
      });
    }
    if (tooManyBroken(report.outOfOrderDryers, report.dryers?.total)) {
      ctx.addIssue({
        code: 'custom',
        path: ['outOfOrderDryers'],
        message: 'Dryers out of order cannot be more than the dryers in total',
      });
    }
  });
export type CreateAvailabilityReportRequest = z.output<typeof createAvailabilityReportRequestSchema>;

export const reportConfirmationRequestSchema = z
  .object({ agree: z.boolean({ error: 'agree must be true (still right) or false (not right)' }) })
  .strict();
export type ReportConfirmationRequest = z.output<typeof reportConfirmationRequestSchema>;

export const reportParamsSchema = z.object({ id: idSchema, reportId: idSchema });

const freeOfTotal = z.object({ free: z.number().int().min(0), total: z.number().int().min(0) });

/** A report as shown: no reporter, no position; `mine` for the signed-in reader's own. */
export const availabilityReportSchema = z.object({
  id: idSchema,
  kind: z.enum(reportKinds),
  washers: freeOfTotal.nullable(),
  dryers: freeOfTotal.nullable(),
  outOfOrderWashers: z.number().int().min(0),
  outOfOrderDryers: z.number().int().min(0),
  waitMinutes: z.number().int().min(0).nullable(),
  note: z.string().nullable(),
  distanceBand: z.enum(distanceBands),
  createdAt: isoDateTimeSchema,
  confirmations: z.number().int().min(0),
  disputes: z.number().int().min(0),
  mine: z.boolean(),
});
export type AvailabilityReport = z.infer<typeof availabilityReportSchema>;

export const availabilitySources = ['visitors', 'machines'] as const;
export type AvailabilitySource = (typeof availabilitySources)[number];

export const confidenceLevels = ['low', 'medium', 'high'] as const;

/**
 * The compact live summary the directory keeps per laundromat (lists, markers, the 'Washers free now'
 * filter): free and total machines of each kind, when it was true and who said so.
 */
export const liveSummarySchema = z.object({
  washersFree: z.number().int().min(0).nullable(),
  washersTotal: z.number().int().min(0).nullable(),
  dryersFree: z.number().int().min(0).nullable(),
  dryersTotal: z.number().int().min(0).nullable(),
  updatedAt: isoDateTimeSchema,
  source: z.enum(availabilitySources),
});
export type LiveSummary = z.infer<typeof liveSummarySchema>;

/** The one live state of a laundromat, with how sure it is and what it stands on. */
export const liveStateSchema = liveSummarySchema.extend({
  waitMinutes: z.number().int().min(0).nullable(),
  ageMinutes: z.number().int().min(0),
  /** 0 to 1: how much the state stands on (fresh, on-site, confirmed, trusted reports; a fresh feed is 1). */
  confidence: z.number().min(0).max(1),
  confidenceLevel: z.enum(confidenceLevels),
  reportCount: z.number().int().min(0),
  confirmations: z.number().int().min(0),
  disputes: z.number().int().min(0),
});
export type LiveState = z.infer<typeof liveStateSchema>;

export const machineTypes = ['washer', 'dryer'] as const;
export const machineStatuses = ['available', 'in_use', 'finishing', 'out_of_order'] as const;
export type MachineStatus = (typeof machineStatuses)[number];

export const machineStateSchema = z.object({
  machineId: z.string(),
  type: z.enum(machineTypes),
  capacityKg: z.number().nullable(),
  status: z.enum(machineStatuses),
  minutesRemaining: z.number().int().min(0).nullable(),
  reportedAt: isoDateTimeSchema,
});
export type MachineState = z.infer<typeof machineStateSchema>;

/** GET /api/laundromats/{id}/availability. `live` is null when nothing recent is known. */
export const availabilityResponseSchema = z.object({
  laundromatId: idSchema,
  live: liveStateSchema.nullable(),
  /** Present when the laundromat has a machine feed; stale after 15 minutes of silence. */
  feed: z.object({ lastSeenAt: isoDateTimeSchema, stale: z.boolean() }).nullable(),
  machines: z.array(machineStateSchema),
  recentReports: z.array(availabilityReportSchema),
  /** Machines visitors last reported out of order, until a later report or the feed says otherwise. */
  outOfOrder: z
    .object({
      washers: z.number().int().min(0),
      dryers: z.number().int().min(0),
      reportedAt: isoDateTimeSchema,
    })
    .nullable(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

const machineIdSchema = z
  .string({ error: 'machineId must be text' })
  .trim()
  .min(1, { error: 'machineId is required' })
  .max(64, { error: 'machineId must be at most 64 characters' });

/** POST /api/feeds/machines, with the laundromat's feed key as a bearer token. */
export const machineFeedRequestSchema = z
  .object({
    /** Optional: the key names its laundromat; when given it must be the key's. */
    laundromatId: idSchema.optional(),
    machines: z
      .array(
        z
          .object({
            machineId: machineIdSchema,
            type: z.enum(machineTypes, { error: "type must be 'washer' or 'dryer'" }),
            capacityKg: z
              .number({ error: 'capacityKg must be a number' })
              .positive({ error: 'capacityKg must be more than 0' })
              .max(100, { error: 'capacityKg must be at most 100' })
              .optional(),
            status: z.enum(machineStatuses, { error: `status must be one of ${machineStatuses.join(', ')}` }),
            minutesRemaining: z
              .number({ error: 'minutesRemaining must be a number' })
              .int({ error: 'minutesRemaining must be a whole number' })
              .min(0, { error: 'minutesRemaining cannot be negative' })
              .max(L.maxMachineMinutesRemaining, {
                error: `minutesRemaining must be at most ${L.maxMachineMinutesRemaining}`,
              })
              .optional(),
          })
          .strict(),
        { error: 'machines must be a list' },
      )
      .min(1, { error: 'machines must list at least one machine' })
      .max(L.maxFeedMachines, { error: `machines must list at most ${L.maxFeedMachines} machines` })
      .refine((machines) => new Set(machines.map((m) => m.machineId)).size === machines.length, {
        error: 'Each machineId may appear once',
      }),
  })
  .strict();
export type MachineFeedRequest = z.output<typeof machineFeedRequestSchema>;

export const machineFeedResponseSchema = z.object({
  laundromatId: idSchema,
  accepted: z.number().int().min(0),
  live: liveStateSchema.nullable(),
});

export const createFeedKeyRequestSchema = z
  .object({ label: z.string().trim().max(100, { error: 'Label must be at most 100 characters' }).optional() })
  .strict();

/** The key itself is in this answer only: it is stored hashed. */
export const createdFeedKeySchema = z.object({
  id: idSchema,
  laundromatId: idSchema,
  label: z.string().nullable(),
  key: z.string(),
  createdAt: isoDateTimeSchema,
});
export type CreatedFeedKey = z.infer<typeof createdFeedKeySchema>;

export const feedKeyParamsSchema = z.object({ keyId: idSchema });

/** Live streams (GET /api/live): how many laundromats one stream may follow, and how often it says it is alive. */
export const liveStreamLimits = {
  maxLaundromats: 200,
  heartbeatSeconds: 15,
} as const;

/**
 * `?laundromats=<id>,<id>,…`: the laundromats whose changes the stream sends. Repeated ids count once; an
 * empty, malformed or too long list is refused (400) rather than silently trimmed. `lastEventId` is the
 * Last-Event-ID of a stream the page opens for a new set: a browser sends the header only when it
 * reconnects the same URL, so a page that follows other laundromats names where it left off itself.
 */
export const liveStreamQuerySchema = z.object({
  lastEventId: z
    .string()
    .max(32, { error: 'lastEventId is the id of an event this stream sent' })
    .optional()
    .meta({ description: 'Where a stream this page had left off; the `Last-Event-ID` header wins.' }),
  laundromats: z
    .string({ error: 'Name the laundromats to follow: ?laundromats=<id>,<id>,…' })
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: 'Each laundromat id must be a valid id (a UUID)' }), {
          error: 'Name the laundromats to follow: ?laundromats=<id>,<id>,…',
        })
        .min(1, 'Name at least one laundromat to follow')
        .max(
          liveStreamLimits.maxLaundromats,
          `A live stream follows at most ${liveStreamLimits.maxLaundromats} laundromats; open another for more`,
        ),
    )
    .meta({ description: `Comma-separated laundromat ids, 1 to ${liveStreamLimits.maxLaundromats}.` }),
});

/**
 * One `availability` event of a live stream: a laundromat's live summary changed (null: nothing recent is
 * known any more). The event's SSE id is computedAt in epoch milliseconds, so Last-Event-ID resumes.
 */
export const liveAvailabilityEventSchema = z.object({
  laundromatId: idSchema,
  live: liveSummarySchema.nullable(),
  /** When this summary stops being true by itself (the last report fades, the feed goes stale). */
  validUntil: isoDateTimeSchema.nullable(),
  computedAt: isoDateTimeSchema,
});
export type LiveAvailabilityEvent = z.infer<typeof liveAvailabilityEventSchema>;

/** 0 (empty) to 1 (every machine in use) for one weekday and hour, or null when nothing was observed. */
export const busynessHourSchema = z.object({
  hour: z.number().int().min(0).max(23),
  occupancy: z.number().min(0).max(1).nullable(),
  /** Weighted observations behind it (recent weeks count more). */
  weight: z.number().min(0),
});

export const busynessResponseSchema = z.object({
  laundromatId: idSchema,
  /** The IANA zone the weekdays and hours are in: the laundromat's own. */
  timeZone: z.string(),
  enoughData: z.boolean(),
  /** Seven days, Monday (1) to Sunday (7), each with 24 hours. */
  days: z.array(
    z.object({ weekday: z.number().int().min(1).max(7), hours: z.array(busynessHourSchema).length(24) }),
  ),
  /** The laundromat's local weekday and hour now, and how busy that hour usually is (null: unknown). */
  now: z.object({
    weekday: z.number().int().min(1).max(7),
    hour: z.number().int().min(0).max(23),
    usually: z.enum(busynessLevels).nullable(),
  }),
  /** The quietest hour still ahead today (local), or null when none of today's remaining hours is known. */
  bestTimeToday: z
    .object({ hour: z.number().int().min(0).max(23), occupancy: z.number().min(0).max(1) })
    .nullable(),
  observedHours: z.number().int().min(0),
});
export type BusynessResponse = z.infer<typeof busynessResponseSchema>;

/** One laundromat whose visitors last reported machines out of order, not yet marked fixed by an admin. */
export const outOfOrderEntrySchema = z.object({
  laundromatId: idSchema,
  /** The listing's name; null when the directory no longer lists it. */
  laundromatName: z.string().nullable(),
  washers: z.number().int().min(0),
  dryers: z.number().int().min(0),
  /** When the report that says so was made. */
  reportedAt: isoDateTimeSchema,
});
export type OutOfOrderEntry = z.infer<typeof outOfOrderEntrySchema>;

/** GET /api/admin/availability/out-of-order: newest report first. */
export const outOfOrderListSchema = z.object({ items: z.array(outOfOrderEntrySchema) });
export type OutOfOrderList = z.infer<typeof outOfOrderListSchema>;

/** POST /api/admin/availability/out-of-order/{laundromatId}/fixed. */
export const outOfOrderFixedSchema = z.object({ laundromatId: idSchema, fixedAt: isoDateTimeSchema });
export type OutOfOrderFixed = z.infer<typeof outOfOrderFixedSchema>;
