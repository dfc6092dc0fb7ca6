import type { BackgroundWork, Db, Logger } from '@laundry/platform';
import type { RequestCounter, RequestCountStore } from '../domain/delivery/request-counts.ts';

/** Writes the ad requests counted in memory every flushMs, and once more as the service stops. */
export function requestCountJob(
  deps: { db: Db; counter: RequestCounter; store: RequestCountStore; logger: Logger },
  flushMs: number,
): BackgroundWork {
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  const flush = () => {
    flushing ??= deps.store
      .add(deps.db, deps.counter.take())
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'ad request counts not written'))
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  };
  return {
    start() {
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
      return Promise.resolve();
    },
    async stop() {
      clearInterval(timer);
      await flushing;
      await flush();
    },
  };
}
