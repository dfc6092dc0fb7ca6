import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import type { LiveStateListener } from './live-state-listeners.ts';
import { refreshLiveState, type LiveStateDeps } from './live-state-refresh.ts';
import { periodicWork } from './periodic-work.ts';

/**
 * A state also changes with no new input: the last report fades out, a feed falls silent. Every `everyMs`
 * the states whose time ran out are computed again, so the event (and a live stream) says so too; the
 * directory does not wait for it, since each summary carries when it runs out.
 */
export function expireLiveStates(
  deps: LiveStateDeps & { db: Db; listeners: LiveStateListener; logger: Logger; everyMs: number },
) {
  const runOnce = async (now = new Date()) => {
    for (const laundromatId of await deps.store.expiredLiveStates(now, 100)) {
      const outcome = await deps.db.tx((tx) => refreshLiveState(deps, tx, laundromatId, now));
      if (outcome.changed) deps.listeners.changed(laundromatId, outcome);
    }
  };
  const work = periodicWork(
    () => runOnce(),
    deps.everyMs,
    (error) => deps.logger.error({ err: error }, 'expiring live states failed'),
  );
  return { runOnce, start: work.start, stop: work.stop };
}
