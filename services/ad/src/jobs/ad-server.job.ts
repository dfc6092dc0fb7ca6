import type { BackgroundWork, Logger } from '@laundry/platform';
import type { AdServer } from '../domain/delivery/ad-server.ts';

/**
 * Keeps the decision engine's campaigns fresh (every refreshMs, so a new, paused or spent campaign is seen
 * within seconds) and paces each campaign once a minute.
 */
export function adServerJob(
  server: AdServer,
  logger: Logger,
  refreshMs: number,
  paceMs = 60_000,
): BackgroundWork {
  const timers: NodeJS.Timeout[] = [];
  let refreshing: Promise<void> | undefined;
  const refresh = () => {
    refreshing ??= server
      .refresh()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error }, 'loading servable campaigns failed'))
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };
  return {
    async start() {
      await refresh();
      server.pace();
      timers.push(
        setInterval(refresh, refreshMs),
        setInterval(() => server.pace(), paceMs),
      );
      for (const timer of timers) timer.unref();
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await refreshing;
    },
  };
}
