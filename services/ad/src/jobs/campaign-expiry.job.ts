import type { BackgroundWork, Db, Logger, Outbox } from '@laundry/platform';
import type { CampaignStore } from '../domain/campaign-store.ts';
import { endExpiredCampaigns } from '../domain/campaigns.ts';

/** Ends campaigns whose end date has passed, every minute, so one nobody looks at stops too. */
export function campaignExpiryJob(
  deps: { db: Db; campaigns: CampaignStore; outbox: Outbox; logger: Logger },
  intervalMs = 60_000,
): BackgroundWork {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= endExpiredCampaigns(deps)
      .then((ended) => {
        if (ended > 0) deps.logger.info({ ended }, 'campaigns past their end date ended');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'ending expired campaigns failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
