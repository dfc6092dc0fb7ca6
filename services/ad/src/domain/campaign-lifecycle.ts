import { conflict } from '@laundry/platform';
import type { CampaignLifecycleStatus } from '@laundry/contracts';

/**
 * draft → active ⇄ paused → ended (docs/product.md, Behaviour): a draft
 * starts by being activated, either running state can be paused or resumed, anything but ended can end, and
 * ended is final. A campaign whose end date has passed cannot be activated; it is ended.
 */
export function nextStatus(
  current: CampaignLifecycleStatus,
  requested: 'active' | 'paused' | 'ended',
  endDate: string | null,
  today: string,
): CampaignLifecycleStatus {
  if (current === 'ended') {
    throw conflict(
      'This campaign has ended and cannot be changed. Create a new campaign to advertise again.',
    );
  }
  if (requested === current) return current;
  if (requested === 'paused' && current === 'draft') {
    throw conflict('A draft campaign is started with Activate; it can be paused once it runs.');
  }
  if (requested === 'active' && endDate !== null && endDate < today) {
    throw conflict("This campaign's end date has passed, so it cannot run again.");
  }
  return requested;
}

/** Today as the campaigns' dates are written (UTC, YYYY-MM-DD). */
export const todayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** Dates arrive as a date or an ISO date-time; a campaign runs by whole days. */
export const dayOf = (date: string | undefined): string | null => (date ? date.slice(0, 10) : null);
