import type { Logger } from '@laundry/platform/logging';
import type { BusynessStore } from './busyness.ts';
import { recordMachineStates, type FeedDeps } from './feeds.ts';
import { demoHistory, demoSimulator, type DemoLaundromat, type DemoSimulator } from './demo-simulation.ts';

const WEEK_MS = 7 * 24 * 3_600_000;
const BACKFILL_WEEKS = 8;

/** Where the demo feeds find their laundromats (infra/demo-laundromats.ts asks the directory). */
export type FindDemoLaundromats = () => Promise<DemoLaundromat[]>;

/**
 * A handful of demo laundromats send simulated machine states every `everyMs`, through the same function a
 * real feed's message ends in, so a newcomer's `npm start` shows live states from the machines, the machine
 * list and a busyness chart without hardware. The laundromats are looked for until some are found (the
 * directory may still be seeding); each one's eight weeks of history is backfilled once, right after its
 * first live tick, so the chart is full on day one.
 */
export function demoFeeds(
  deps: FeedDeps & {
    busyness: BusynessStore;
    find: FindDemoLaundromats;
    logger: Logger;
    everyMs: number;
  },
) {
  let simulators: Array<{ laundromat: DemoLaundromat; simulator: DemoSimulator }> = [];
  const backfilled = new Set<string>();

  const backfill = async (laundromat: DemoLaundromat, simulator: DemoSimulator, now: Date) => {
    const from = new Date(now.getTime() - BACKFILL_WEEKS * WEEK_MS);
    // Once: a laundromat with a week-old hour already has its history (backfilled, or a feed of its own).
    if (!(await deps.busyness.hasHoursBefore(laundromat.id, new Date(now.getTime() - WEEK_MS)))) {
      const added = await deps.busyness.addFeedHours(laundromat.id, demoHistory(simulator, from, now));
      deps.logger.info({ laundromatId: laundromat.id, hours: added }, 'demo feed history backfilled');
    }
    backfilled.add(laundromat.id);
  };

  const runOnce = async (now = new Date()) => {
    if (simulators.length === 0) {
      simulators = (await deps.find()).map((laundromat) => ({
        laundromat,
        simulator: demoSimulator(laundromat),
      }));
      if (simulators.length > 0)
        deps.logger.info({ laundromats: simulators.length }, 'demo machine feeds running');
    }
    for (const { laundromat, simulator } of simulators)
      await recordMachineStates(deps, laundromat.id, simulator.at(now), now);
    // After the live states: a backfill takes seconds on the embedded database, the machines should not wait.
    for (const { laundromat, simulator } of simulators)
      if (!backfilled.has(laundromat.id)) await backfill(laundromat, simulator, now);
    return simulators.length;
  };

  // One tick at a time; the first soon after the start rather than a whole interval later.
  let running: Promise<void> | undefined;
  const timers: NodeJS.Timeout[] = [];
  const tick = () => {
    running ??= runOnce()
      .then(() => undefined)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'demo machine feeds: a tick failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    runOnce,
    start() {
      if (deps.everyMs <= 0) return;
      timers.push(setTimeout(tick, Math.min(deps.everyMs, 5_000)), setInterval(tick, deps.everyMs));
      for (const timer of timers) timer.unref();
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await running;
    },
  };
}
