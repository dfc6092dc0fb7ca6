import { z } from 'zod';
import {
  availabilityResponseSchema,
  createAvailabilityReportRequestSchema,
  busynessLimits,
  busynessResponseSchema,
  createdFeedKeySchema,
  createFeedKeyRequestSchema,
  distanceBands,
  liveAvailabilityEventSchema,
  liveStateSchema,
  liveStreamLimits,
  liveStreamQuerySchema,
  machineFeedRequestSchema,
  machineFeedResponseSchema,
  reportConfirmationRequestSchema,
} from '../availability.ts';
import { idSchema } from '../common.ts';
import { defineOperations, jsonBody } from './operation.ts';

const laundromatIdParams = z.object({ id: idSchema.meta({ description: "The laundromat's id." }) });

const reportCreatedSchema = z.object({
  id: idSchema,
  distanceBand: z.enum(distanceBands),
  live: liveStateSchema.nullable(),
});

/** The availability service: visitors' reports, the live state, machine feeds and their keys. */
export const availabilityOperations = defineOperations('availability', {
  getAvailability: {
    method: 'get',
    path: '/api/laundromats/{id}/availability',
    summary: "A laundromat's live state: free machines now, from visitors or its machines",
    description:
      'Combined from the last 45 minutes of reports (full weight for 20 minutes, then fading), weighted by ' +
      "where each was made from, its confirmations and disputes, and the reporter's record; a machine feed " +
      'heard from within 15 minutes wins. `live` is null when nothing recent is known; a silent feed is ' +
      '`stale`, never free.',
    access: 'anyone',
    params: laundromatIdParams,
    answers: {
      200: { description: 'The live state and what it stands on.', schema: availabilityResponseSchema },
    },
    errors: [404],
  },
  reportAvailability: {
    method: 'post',
    path: '/api/laundromats/{id}/availability/reports',
    summary: "Report how many machines are free ('I'm here')",
    description:
      "Counts (free ≤ total ≤ 200) or a quick kind ('all-free', 'some-free', 'full'). With the device's " +
      'position and its accuracy the report is on site (within 250 m), near or far; only that band is ' +
      'stored. One report per person per laundromat per 10 minutes, and 20 an hour: more is a 429.',
    access: 'signed-in',
    params: laundromatIdParams,
    body: jsonBody(createAvailabilityReportRequestSchema),
    answers: {
      201: {
        description: 'The report, its distance band and the new live state.',
        schema: reportCreatedSchema,
      },
    },
    errors: [400, 404, 413, 429, 503],
  },
  confirmAvailabilityReport: {
    method: 'post',
    path: '/api/laundromats/{id}/availability/reports/{reportId}/confirmations',
    summary: "'Still right' or 'Not right' on someone else's report",
    description:
      "A person's second opinion on a report replaces the first. A confirmed report counts fully again from " +
      'the confirmation; confirmations and disputes also make up the reporter’s record. A report older than ' +
      '45 minutes is a 409; one’s own report a 400.',
    access: 'signed-in',
    params: laundromatIdParams.extend({ reportId: idSchema.meta({ description: "The report's id." }) }),
    body: jsonBody(reportConfirmationRequestSchema),
    answers: {
      201: { description: 'The new live state.', schema: z.object({ live: liveStateSchema.nullable() }) },
    },
    errors: [400, 404, 409],
  },
  postMachineFeed: {
    method: 'post',
    path: '/api/feeds/machines',
    summary: "A laundromat's system posts its machines' states",
    description:
      'With the header `Authorization: Bearer <key>`, a key an admin issued for that laundromat; a revoked ' +
      'or unknown key is a 401, and a message naming another laundromat a 403. For example:\n\n' +
      '```\ncurl -X POST https://example.org/api/feeds/machines \\\n' +
      "  -H 'Authorization: Bearer lfk_…' -H 'Content-Type: application/json' \\\n" +
      `  -d '{"machines":[{"machineId":"W1","type":"washer","status":"in_use","minutesRemaining":23}]}'\n\`\`\``,
    access: 'anyone',
    body: jsonBody(machineFeedRequestSchema),
    answers: {
      200: {
        description: 'How many machines were taken, and the live state.',
        schema: machineFeedResponseSchema,
      },
    },
    errors: [400, 401, 403, 413],
  },
  issueFeedKey: {
    method: 'post',
    path: '/api/admin/laundromats/{id}/feed-keys',
    summary: "Issue a key for a laundromat's machine feed",
    description: 'The key is in this answer only; the service keeps its SHA-256.',
    access: 'admin',
    params: laundromatIdParams,
    body: jsonBody(createFeedKeyRequestSchema, false),
    answers: { 201: { description: 'The key, shown once.', schema: createdFeedKeySchema } },
    errors: [400, 404],
  },
  revokeFeedKey: {
    method: 'delete',
    path: '/api/admin/feed-keys/{keyId}',
    summary: 'Revoke a feed key',
    description: 'Messages with it are refused with a 401 from then on.',
    access: 'admin',
    params: z.object({ keyId: idSchema.meta({ description: "The key's id." }) }),
    answers: { 204: { description: 'Revoked.' } },
    errors: [404],
  },
  followLiveAvailability: {
    method: 'get',
    path: '/api/live',
    summary: "Follow laundromats' live states as they change (Server-Sent Events)",
    description:
      "A `text/event-stream`: one `availability` event per change of a followed laundromat's live state, its " +
      '`data` the laundromat id, the new summary (null when nothing recent is known), `validUntil` and ' +
      '`computedAt`; the event `id` is computedAt in epoch milliseconds. Reconnecting with `Last-Event-ID` ' +
      `first sends every followed laundromat whose state changed since. A comment line every ` +
      `${liveStreamLimits.heartbeatSeconds} seconds keeps the stream alive. At most ` +
      `${liveStreamLimits.maxLaundromats} laundromats per stream; every replica's streams hear every change.`,
    access: 'anyone',
    query: liveStreamQuerySchema,
    answers: {
      200: {
        description: "The stream; each `availability` event's data is this object, as JSON.",
        contentType: 'text/event-stream',
        schema: liveAvailabilityEventSchema,
      },
    },
    errors: [400],
  },
  getBusyness: {
    method: 'get',
    path: '/api/laundromats/{id}/busyness',
    summary: 'How busy a laundromat usually is, per weekday and hour of its local time',
    description:
      `From visitors' reports (occupancy 1 - free/total) and machine feeds (the share in use) over the last ` +
      `${busynessLimits.weeks} weeks, each week back counting ${busynessLimits.weeklyDecay} of the next. ` +
      'Answers the 7×24 grid, how busy the current hour usually is and the quietest hour left today; ' +
      `below ${busynessLimits.minObservedHours} observed hours \`enoughData\` is false and no verdict is given.`,
    access: 'anyone',
    params: laundromatIdParams,
    answers: { 200: { description: 'The grid and its verdicts.', schema: busynessResponseSchema } },
    errors: [404],
  },
});
