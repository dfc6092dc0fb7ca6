/**
 * Live availability's numbers and kinds, without a schema: the finder's first load reads them (a live badge's
 * age) and must not carry zod for it. The schemas that apply them are in ../availability.ts.
 */
export const availabilityLimits = {
  /** No laundromat has more machines of a kind; a larger count is a typo or a prank. */
  maxMachines: 200,
  maxWaitMinutes: 240,
  maxNoteLength: 280,
  /** One report per person per laundromat in this window. */
  reportIntervalMinutes: 10,
  /** And at most this many reports per person per hour, over every laundromat. */
  reportsPerPersonPerHour: 20,
  /** A report counts fully this long, then fades… */
  reportFullWeightMinutes: 20,
  /** …and no longer counts after this. */
  reportExpiryMinutes: 45,
  /** A report can be confirmed or disputed while it counts. */
  confirmableMinutes: 45,
  /** Within this distance, at an accuracy no coarser than it, a reporter is on site. */
  onSiteMeters: 250,
  /** Beyond this a reporter is far away (between the two: near). */
  nearMeters: 2000,
  /** A machine feed silent this long is stale: shown as stale, never as free. */
  feedFreshMinutes: 15,
  maxFeedMachines: 200,
  maxMachineMinutesRemaining: 600,
} as const;

export const quickReportKinds = ['all-free', 'some-free', 'full'] as const;
export const reportKinds = ['counts', ...quickReportKinds] as const;
export type ReportKind = (typeof reportKinds)[number];
