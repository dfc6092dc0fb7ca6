import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adEvent,
  adEventIn,
  asOtherVersion,
  expectedTotals,
  ledgerTotals,
  newAdvertiser,
  sendEvents,
  startBillingStack,
  untilLedgerHas,
  type AdEvent,
  type TestStack,
} from '../support/billing-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startBillingStack();
});
afterAll(() => stack?.stop());

/** Per-impression prices have 4 decimals; clicks are cents. */
const impressionCosts = [0.0025, 0.0125, 0.0001, 0, 0.0099];
const clickCosts = [0.3, 0.5, 1.25, 0.1];

describe('the ledger', () => {
  it('when impressions and clicks are sent, then the ledger sums equal the events, to the ten-thousandth', async () => {
    const advertiser = await newAdvertiser(stack);
    const events: AdEvent[] = [];
    for (let i = 0; i < 60; i++) {
      events.push(adEvent('impression', advertiser, impressionCosts[i % impressionCosts.length]!));
      if (i % 3 === 0) events.push(adEvent('click', advertiser, clickCosts[i % clickCosts.length]!));
    }

    await sendEvents(stack, events);
    await untilLedgerHas(stack, advertiser.advertiserId, events.length);

    expect(await ledgerTotals(stack, advertiser.advertiserId)).toEqual(expectedTotals(events));
  });

  it('when every event is delivered twice, then each is counted once', async () => {
    const advertiser = await newAdvertiser(stack);
    const events = Array.from({ length: 20 }, (_, i) =>
      adEvent(i % 2 ? 'click' : 'impression', advertiser, i % 2 ? 0.5 : 0.0025),
    );

    await sendEvents(stack, [...events, ...events]);
    await untilLedgerHas(stack, advertiser.advertiserId, events.length);
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(await ledgerTotals(stack, advertiser.advertiserId)).toEqual(expectedTotals(events));
  });

  it('when the same ad event comes again in a new envelope, then it posts once (the ad event id is unique)', async () => {
    const advertiser = await newAdvertiser(stack);
    const click = adEvent('click', advertiser, 0.75);
    const again = { ...click, id: crypto.randomUUID() };

    await sendEvents(stack, [click, again]);
    await untilLedgerHas(stack, advertiser.advertiserId, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(await ledgerTotals(stack, advertiser.advertiserId)).toEqual(expectedTotals([click]));
  });

  it('when v1 events (float dollars) still arrive beside v2 ones (E4), then both post, to the ten-thousandth', async () => {
    const advertiser = await newAdvertiser(stack);
    const at = new Date();
    const campaign = crypto.randomUUID();
    const events = [
      ...impressionCosts.map((cost) => adEvent('impression', advertiser, cost, at, campaign, 'v1')),
      ...clickCosts.map((cost) => adEvent('click', advertiser, cost, at, campaign, 'v1')),
      ...impressionCosts.map((cost) => adEvent('impression', advertiser, cost)),
      ...clickCosts.map((cost) => adEvent('click', advertiser, cost)),
    ];

    await sendEvents(stack, events);
    await untilLedgerHas(stack, advertiser.advertiserId, events.length);

    expect(await ledgerTotals(stack, advertiser.advertiserId)).toEqual(expectedTotals(events));
    expect((await ledgerTotals(stack, advertiser.advertiserId)).amountE4).toBe(
      2 * (25 + 125 + 1 + 99 + 21_500),
    );
  });

  it('when one ad event arrives both as v1 and as v2, in either order and redelivered, then it posts once', async () => {
    const advertiser = await newAdvertiser(stack);
    const firstV2 = adEvent('click', advertiser, 1.15);
    const firstV1 = adEvent('impression', advertiser, 0.0029, new Date(), crypto.randomUUID(), 'v1');
    const sent = [firstV2, asOtherVersion(firstV2), firstV1, asOtherVersion(firstV1), firstV2, firstV1];
    expect(sent.map((event) => event.type)).toEqual([
      'ad.click-recorded.v2',
      'ad.click-recorded.v1',
      'ad.impression-recorded.v1',
      'ad.impression-recorded.v2',
      'ad.click-recorded.v2',
      'ad.impression-recorded.v1',
    ]);

    await sendEvents(stack, sent);
    await untilLedgerHas(stack, advertiser.advertiserId, 2);
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(await ledgerTotals(stack, advertiser.advertiserId)).toEqual({
      entries: 2,
      impressions: 1,
      clicks: 1,
      amountE4: 11_500 + 29,
    });
  });

  it('when a dollar advertiser and a yen advertiser spend at once, then each entry keeps its own currency', async () => {
    const dollars = await newAdvertiser(stack);
    const yen = await newAdvertiser(stack);
    const events = [
      // An event recorded before advertisers chose a currency names none: it was dollars.
      adEvent('click', dollars, 0.35),
      adEventIn('USD', 'impression', dollars, 0.0025),
      adEventIn('JPY', 'click', yen, 1234.55),
      adEventIn('JPY', 'impression', yen, 0.25),
    ];

    await sendEvents(stack, events);
    await untilLedgerHas(stack, dollars.advertiserId, 2);
    await untilLedgerHas(stack, yen.advertiserId, 2);

    const rows = await stack.billing.db.query<{ advertiserId: string; currency: string; e4: string }>(
      `SELECT advertiser_id AS "advertiserId", currency, sum(amount_e4)::text AS e4 FROM ledger_entries
       WHERE advertiser_id = ANY($1::uuid[]) GROUP BY advertiser_id, currency`,
      [[dollars.advertiserId, yen.advertiserId]],
    );
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { advertiserId: dollars.advertiserId, currency: 'USD', e4: String(3500 + 25) },
        { advertiserId: yen.advertiserId, currency: 'JPY', e4: String(12_345_500 + 2500) },
      ]),
    );
  });

  it('when an event names a currency billing does not bill in, then nothing is posted', async () => {
    const advertiser = await newAdvertiser(stack);
    const good = adEventIn('JPY', 'click', advertiser, 75);
    const bad = {
      ...good,
      id: crypto.randomUUID(),
      data: { ...good.data, adEventId: crypto.randomUUID(), currency: 'XYZ' },
    };

    await sendEvents(stack, [bad as typeof good, good]);
    await untilLedgerHas(stack, advertiser.advertiserId, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(await ledgerTotals(stack, advertiser.advertiserId)).toMatchObject({
      entries: 1,
      amountE4: 750_000,
    });
  });

  it('when an event arrives, then the advertiser is known as its owner’s, for that owner’s views', async () => {
    const advertiser = await newAdvertiser(stack);

    await sendEvents(stack, [adEvent('impression', advertiser, 0.002)]);
    await untilLedgerHas(stack, advertiser.advertiserId, 1);

    const owners = await stack.billing.db.query<{ userId: string }>(
      `SELECT user_id AS "userId" FROM advertiser_owners WHERE advertiser_id = $1`,
      [advertiser.advertiserId],
    );
    expect(owners).toEqual([{ userId: advertiser.session.user.id }]);
  });

  it('when an entry is changed or removed, then the database refuses: the ledger is append-only', async () => {
    const advertiser = await newAdvertiser(stack);
    await sendEvents(stack, [adEvent('click', advertiser, 0.3)]);
    await untilLedgerHas(stack, advertiser.advertiserId, 1);

    await expect(
      stack.billing.db.query(`UPDATE ledger_entries SET amount_e4 = 0 WHERE advertiser_id = $1`, [
        advertiser.advertiserId,
      ]),
    ).rejects.toThrow(/append-only/);
    await expect(
      stack.billing.db.query(`DELETE FROM ledger_entries WHERE advertiser_id = $1`, [
        advertiser.advertiserId,
      ]),
    ).rejects.toThrow(/append-only/);
    expect((await ledgerTotals(stack, advertiser.advertiserId)).amountE4).toBe(3000);
  });
});
