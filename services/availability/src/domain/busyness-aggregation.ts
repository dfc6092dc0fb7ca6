import { availabilityLimits } from '@laundry/contracts';
import type { Logger } from '@laundry/platform/logging';
import type { BusynessStore } from './busyness.ts';
import { periodicWork } from './periodic-work.ts';

const MINUTE = 60_000;

/**
 * Keeps the hourly aggregates the busyness chart reads: every `everyMs` the reports of the last two hours
 * are summed again (a late report of the previous hour is counted), and each fresh machine feed adds one
 * sample of its share in use to the current hour.
 */
export function aggregateBusyness(deps: { busyness: BusynessStore; logger: Logger; everyMs: number }) {
  const runOnce = async (now = new Date(), reportsSince = new Date(now.getTime() - 120 * MINUTE)) => {
    await deps.busyness.aggregateReports(reportsSince);
    await deps.busyness.sampleFeeds(
      now,
      new Date(now.getTime() - availabilityLimits.feedFreshMinutes * MINUTE),
    );
  };
  const work = periodicWork(
    () => runOnce(),
    deps.everyMs,
    (error) => deps.logger.error({ err: error }, 'aggregating busyness failed'),
  );
  return { runOnce, start: work.start, stop: work.stop };
}
