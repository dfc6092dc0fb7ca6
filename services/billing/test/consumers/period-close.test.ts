import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutListItem } from '@laundry/contracts';
import {
  adEvent,
  caller,
  eventually,
  newAdvertiser,
  sendEvents,
  startBillingStack,
  untilLedgerHas,
  type TestStack,
} from '../support/billing-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  // Daily periods, checked five times a second, so the repeatable job's closes happen within the test.
  stack = await startBillingStack({ BILLING_PERIOD: '1d', BILLING_CLOSE_CHECK_MS: '200' });
});
afterAll(() => stack?.stop());

const DAY = 86_400_000;
const dayStart = (daysAgo: number) => new Date(Math.floor(Date.now() / DAY) * DAY - daysAgo * DAY);

describe('the period-closing job', () => {
  it('when days with events have passed, then the job closes each day once and leaves today open', async () => {
    const advertiser = await newAdvertiser(stack);
    const events = [
      adEvent('click', advertiser, 0.5, new Date(dayStart(3).getTime() + 3_600_000)),
      adEvent('click', advertiser, 0.5, new Date(dayStart(3).getTime() + 7_200_000)),
      adEvent('impression', advertiser, 0.0025, new Date(dayStart(1).getTime() + 60_000)),
      adEvent('click', advertiser, 1.25, new Date()),
    ];

    await sendEvents(stack, events);
    await untilLedgerHas(stack, advertiser.advertiserId, events.length);

    let list: PayoutListItem[] = [];
    await eventually(async () => {
      list = (await caller(stack, advertiser.session)<PayoutListItem[]>('GET', '/api/payouts')).body;
      return list.length >= 2;
    }, 15_000);
    // Several more ticks: nothing is closed again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    list = (await caller(stack, advertiser.session)<PayoutListItem[]>('GET', '/api/payouts')).body;
    expect(
      list.map((payout) => [payout.periodStart, payout.periodEnd, payout.totalClicks, payout.totalRevenue]),
    ).toEqual([
      [dayStart(1).toISOString(), dayStart(0).toISOString(), 0, 0],
      [dayStart(3).toISOString(), dayStart(2).toISOString(), 2, 1],
    ]);
    const periods = await stack.billing.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM billing_periods WHERE period_start >= $1`,
      [dayStart(3).toISOString()],
    );
    expect(periods[0]!.n).toBe(2);
  });

  it('when an event of a closed day arrives late, then the next statement bills it rather than losing it', async () => {
    const advertiser = await newAdvertiser(stack);
    await sendEvents(stack, [adEvent('click', advertiser, 2, new Date(dayStart(0).getTime() + 1000))]);
    await untilLedgerHas(stack, advertiser.advertiserId, 1);
    const late = adEvent('click', advertiser, 0.3, new Date(dayStart(5).getTime() + 1000));

    await sendEvents(stack, [late]);
    await untilLedgerHas(stack, advertiser.advertiserId, 2);

    // Both wait for today's period; the late one is not dropped by yesterday's closed statement.
    const unbilled = await stack.billing.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries e
       WHERE advertiser_id = $1 AND NOT EXISTS (SELECT 1 FROM statement_entries s WHERE s.entry_id = e.id)`,
      [advertiser.advertiserId],
    );
    expect(unbilled[0]!.n).toBe(2);
  });
});
