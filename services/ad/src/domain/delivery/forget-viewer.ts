import type { Cache } from '@laundry/platform/cache';
import type { Db } from '@laundry/platform/db';
import { dailyClickKey, frequencyKey } from './ad-counting.ts';

/** Frequency counters live two days (ad-counting); the days they can still be found under. */
const COUNTER_DAYS = 3;

/**
 * Without advertising consent nothing counted under the person or their browser's advertising id stays: the
 * frequency counters of every capped campaign, and the daily click counters, for the days a counter lives
 * are dropped. The raw ad events
 * never hold the advertising id, so nothing else links to it.
 */
export async function forgetViewer(
  deps: { db: Db; cache: Cache },
  viewer: { userId: string; adViewerId: string | null },
  now = new Date(),
): Promise<number> {
  const campaigns = await deps.db.query<{ id: string }>(
    `SELECT id FROM campaigns WHERE frequency_cap IS NOT NULL
       AND (end_date IS NULL OR end_date >= (now() - make_interval(days => ${COUNTER_DAYS}))::date)`,
  );
  const viewerKeys = [`u:${viewer.userId}`, ...(viewer.adViewerId ? [`c:${viewer.adViewerId}`] : [])];
  // Counters are kept per day of each campaign's time zone, up to a day before or after UTC's: those too.
  const days = Array.from({ length: COUNTER_DAYS + 2 }, (_, back) =>
    new Date(now.getTime() - (back - 1) * 86_400_000).toISOString().slice(0, 10),
  );
  const keys = campaigns.flatMap(({ id }) =>
    viewerKeys.flatMap((viewerKey) => days.map((day) => frequencyKey(id, viewerKey, day))),
  );
  // And their clicks of those days, for the daily click cap.
  keys.push(...viewerKeys.flatMap((viewerKey) => days.map((day) => dailyClickKey(viewerKey, day))));
  for (const key of keys) await deps.cache.del(key);
  return keys.length;
}
