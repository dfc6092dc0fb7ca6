import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adConversionKinds,
  type AdConversionKind,
  type CampaignAnalytics,
  type CampaignConversions,
} from '@laundry/contracts';
import { e4ToDollars } from '@laundry/contracts/money';
import { createAnalyticsRepository, rollupRanges } from '../../src/infra/analytics-repository.ts';
import { createDeliveryRepository } from '../../src/infra/delivery-repository.ts';
import type { AdEventRow } from '../../src/domain/delivery/delivery-store.ts';
import type { AnalyticsWindow } from '../../src/domain/delivery/campaign-analytics.ts';
import { createSeededRandom } from '../../../../scripts/src/seeded-random.ts';
import { AD_MIGRATIONS, createAdTestDb, insertCampaign, type AdTestDb } from '../support/ad-db.ts';

/**
 * A report by day reads whole days from the daily rollups and only the partial days at its edges from the
 * hourly ones; a report by hour reads hourly rows only. Over the same events counted through the counting
 * path, both must give the same figures, and those of the events themselves.
 */

let testDb: AdTestDb;
let campaignId: string;
const analytics = createAnalyticsRepository();
const delivery = createDeliveryRepository();

const cities: [string, string][] = [
  ['Paris', 'FR'],
  ['Lyon', 'FR'],
  ['London', 'GB'],
  ['Berlin', 'DE'],
  ['Madrid', 'ES'],
  ['Rome', 'IT'],
  ['Vienna', 'AT'],
  ['Oslo', 'NO'],
  ['Prague', 'CZ'],
  ['Tokyo', 'JP'],
  ['Osaka', 'JP'],
  ['Seoul', 'KR'],
  ['Lima', 'PE'],
];
const laundromats = Array.from({ length: 14 }, () => randomUUID());
const placements = ['home-sidebar', 'home-page', 'laundromat-detail'];
const start = Date.parse('2026-03-01T00:00:00Z');
const span = 9 * 86_400_000;

/** Draws below n from a seeded generator, so a failure can be replayed. */
function draws(seed: number) {
  const random = createSeededRandom(seed);
  return (n: number) => Math.floor(random() * n);
}

beforeAll(async () => {
  testDb = await createAdTestDb('ad_rollups');
  ({ campaignId } = await insertCampaign(testDb.db));
  const placementIds = new Map(
    (await delivery.placements(testDb.db)).map((placement) => [placement.key, placement.id]),
  );
  const next = draws(18);
  // Conversions drawn apart, so the events stay those of the seed above.
  const nextConversion = draws(19);
  for (let i = 0; i < 900; i++) {
    const placementKey = placements[next(3)]!;
    const [city, country] = next(8) === 0 ? [null, null] : cities[next(cities.length)]!;
    const isClick = next(6) === 0;
    const invalid = next(20) === 0 ? 'bot' : null;
    const event: AdEventRow = {
      decisionId: randomUUID(),
      campaignId,
      creativeId: campaignId,
      placementKey,
      eventType: isClick ? 'click' : 'impression',
      userId: null,
      userAgent: 'Mozilla/5.0',
      ipAddress: '10.0.0.1',
      latitude: null,
      longitude: null,
      city,
      country,
      referrerUrl: null,
      pageUrl: null,
      laundromatId: placementKey === 'laundromat-detail' ? laundromats[next(laundromats.length)]! : null,
      // Clicks at $0.50 and some impressions at a quarter of a cent, so spends have four decimals.
      costE4: invalid ? 0 : isClick ? 5000 : next(3) === 0 ? 25 : 0,
      invalidReason: invalid,
      // Evenly random over nine days, to the millisecond, so events fall at every hour and minute.
      createdAt: new Date(start + next(span)),
    };
    await testDb.db.tx(async (tx) => {
      await delivery.insertEvent(tx, event, placementIds.get(placementKey)!);
      await delivery.applyEvent(tx, event, event.createdAt.toISOString().slice(0, 10), 'unused');
    });
    // Half the valid clicks lead to a conversion or two within three hours, across hours and midnights.
    if (isClick && !invalid && nextConversion(2) === 0) {
      const kinds = ['directions', 'call', 'website'].filter(() => nextConversion(2) === 0);
      for (const kind of kinds.length > 0 ? kinds : ['directions']) {
        await testDb.db.query(
          'INSERT INTO ad_conversions (decision_id, kind, campaign_id, created_at) VALUES ($1, $2, $3, $4)',
          [
            event.decisionId,
            kind,
            campaignId,
            new Date(event.createdAt.getTime() + nextConversion(3 * 3_600_000)),
          ],
        );
      }
    }
  }
});

afterAll(() => testDb?.drop());

const report = (from: string, to: string, granularity: AnalyticsWindow['granularity']) =>
  analytics.report(testDb.db, campaignId, { from: new Date(from), to: new Date(to), granularity });

/** The hourly series added up by UTC day, as the report by day should have it. */
function byDay(series: CampaignAnalytics['series']) {
  const days = new Map<
    string,
    { impressions: number; clicks: number; spendE4: number; conversions: CampaignConversions }
  >();
  for (const point of series) {
    const day = `${point.period.slice(0, 10)}T00:00:00Z`;
    const sum = days.get(day) ?? {
      impressions: 0,
      clicks: 0,
      spendE4: 0,
      conversions: { directions: 0, call: 0, website: 0 },
    };
    sum.impressions += point.impressions;
    sum.clicks += point.clicks;
    sum.spendE4 += point.spendE4;
    for (const kind of adConversionKinds) sum.conversions[kind] += point.conversions[kind];
    days.set(day, sum);
  }
  return [...days].map(([period, { impressions, clicks, spendE4, conversions }]) => ({
    period,
    impressions,
    clicks,
    spend: e4ToDollars(spendE4),
    spendE4,
    ctr: impressions > 0 ? Number((clicks / impressions).toFixed(6)) : 0,
    conversions,
  }));
}

/** Counted straight from the stored events, over the hours the report covers. */
async function eventTotals(from: string, to: string) {
  const [row] = await testDb.db.query<{
    impressions: number;
    clicks: number;
    invalid: number;
    spend: number;
    spendE4: number;
  }>(
    `SELECT count(*) FILTER (WHERE invalid_reason IS NULL AND event_type = 'impression')::float8 AS impressions,
            count(*) FILTER (WHERE invalid_reason IS NULL AND event_type = 'click')::float8 AS clicks,
            count(*) FILTER (WHERE invalid_reason IS NOT NULL)::float8 AS invalid,
            COALESCE(sum(cost) FILTER (WHERE invalid_reason IS NULL), 0)::float8 AS spend,
            (COALESCE(sum(cost) FILTER (WHERE invalid_reason IS NULL), 0) * 10000)::bigint AS "spendE4"
     FROM ad_events
     WHERE campaign_id = $1 AND created_at >= date_trunc('hour', $2::timestamptz)
       AND date_trunc('hour', created_at) < $3::timestamptz`,
    [campaignId, from, to],
  );
  const kinds = await testDb.db.query<{ kind: AdConversionKind; count: number }>(
    `SELECT kind, count(*)::int AS count FROM ad_conversions
     WHERE campaign_id = $1 AND created_at >= date_trunc('hour', $2::timestamptz)
       AND date_trunc('hour', created_at) < $3::timestamptz
     GROUP BY kind`,
    [campaignId, from, to],
  );
  const conversions: CampaignConversions = { directions: 0, call: 0, website: 0 };
  for (const { kind, count } of kinds) conversions[kind] = count;
  return { ...row!, conversions };
}

describe('campaign analytics from the daily and the hourly rollups', () => {
  const windows: [string, string, string][] = [
    ['whole days', '2026-03-02T00:00:00Z', '2026-03-08T00:00:00Z'],
    ['partial days at both edges', '2026-03-01T05:30:00Z', '2026-03-09T17:10:00Z'],
    ['partial first day, ending at midnight', '2026-03-03T13:00:00Z', '2026-03-06T00:00:00Z'],
    ['starting at midnight, partial last day', '2026-03-03T00:00:00Z', '2026-03-06T00:00:01Z'],
    ['more than the events', '2026-02-20T00:00:00Z', '2026-03-15T00:00:00Z'],
    ['within one day', '2026-03-04T03:00:00Z', '2026-03-04T20:00:00Z'],
    ['across one midnight, no whole day', '2026-03-04T20:00:00Z', '2026-03-05T07:45:00Z'],
  ];

  it.each(windows)(
    'when the window has %s, then the report by day equals the report by hour added up by day',
    async (_name, from, to) => {
      const days = await report(from, to, 'day');
      const hours = await report(from, to, 'hour');
      expect(days.totals).toEqual(hours.totals);
      expect(days.byPlacement).toEqual(hours.byPlacement);
      expect(days.topCities).toEqual(hours.topCities);
      expect(days.topLaundromats).toEqual(hours.topLaundromats);
      expect(days.series).toEqual(byDay(hours.series));
      const events = await eventTotals(from, to);
      expect({ ...days.totals, ctr: undefined }).toEqual({ ...events, ctr: undefined });
      expect(days.totals.conversions.directions).toBeGreaterThan(0);
    },
  );

  it('when many places were seen, then the top cities and laundromats are ten, the most seen first', async () => {
    const days = await report('2026-03-01T00:00:00Z', '2026-03-10T00:00:00Z', 'day');
    expect(days.totals.impressions).toBeGreaterThan(500);
    expect(days.byPlacement.map((p) => p.placement).sort()).toEqual([...placements].sort());
    expect(days.topCities).toHaveLength(10);
    expect(days.topLaundromats).toHaveLength(10);
    expect(days.topCities.every((c) => c.city !== '')).toBe(true);
    const seen = days.topCities.map((c) => c.impressions);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(days.series.map((p) => p.period)).toEqual(
      Array.from({ length: 9 }, (_, i) => `2026-03-0${i + 1}T00:00:00Z`),
    );
  });

  it('when nothing was counted in the window, then the report is zeros and empty lists', async () => {
    const empty = await report('2025-01-01T00:00:00Z', '2025-03-01T00:00:00Z', 'day');
    expect(empty).toEqual({
      totals: {
        impressions: 0,
        clicks: 0,
        spend: 0,
        spendE4: 0,
        invalid: 0,
        ctr: 0,
        conversions: { directions: 0, call: 0, website: 0 },
      },
      series: [],
      byPlacement: [],
      topCities: [],
      topLaundromats: [],
      // The campaign's own content is always listed, by the campaign's id, even with nothing counted.
      byCreative: [{ creativeId: campaignId, title: 'Suds', impressions: 0, clicks: 0, ctr: 0 }],
    });
  });

  it('when events are counted, then each daily rollup row is its UTC day of the hourly rows', async () => {
    const differences = await testDb.db.query(
      `SELECT campaign_id, (hour AT TIME ZONE 'UTC')::date AS day, placement_key, country, city, laundromat_id,
              SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(invalid) AS invalid, SUM(spend) AS spend
       FROM ad_stats_hourly GROUP BY 1, 2, 3, 4, 5, 6
       EXCEPT ALL
       SELECT campaign_id, day, placement_key, country, city, laundromat_id, impressions, clicks, invalid, spend
       FROM ad_stats_daily`,
    );
    expect(differences).toEqual([]);
    const [rows] = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_stats_daily');
    expect(rows!.n).toBeGreaterThan(100);
  });

  it('when a report covers whole days, then it reads them from the daily rollups, but a series by hour from the hourly', async () => {
    // A row only the daily table holds: it shows wherever the daily rows are read.
    const other = await insertCampaign(testDb.db);
    await testDb.db.query(
      `INSERT INTO ad_stats_daily (campaign_id, day, placement_key, impressions) VALUES ($1, '2026-03-02', 'home-page', 7)`,
      [other.campaignId],
    );
    const window = { from: new Date('2026-03-01T12:00:00Z'), to: new Date('2026-03-04T00:00:00Z') };
    const byDayReport = await analytics.report(testDb.db, other.campaignId, {
      ...window,
      granularity: 'day',
    });
    const byHourReport = await analytics.report(testDb.db, other.campaignId, {
      ...window,
      granularity: 'hour',
    });
    expect(byDayReport.totals.impressions).toBe(7);
    expect(byDayReport.series.map((p) => [p.period, p.impressions])).toEqual([['2026-03-02T00:00:00Z', 7]]);
    // By hour, the series reads hourly rows only; the totals and breakdowns still come from the daily ones.
    expect(byHourReport.series).toEqual([]);
    expect(byHourReport.totals.impressions).toBe(7);
  });
});

describe('rollupRanges', () => {
  const at = (iso: string) => Date.parse(iso);
  it('when a window by day spans whole days, then those come from the daily rows and the edges from hourly ones', () => {
    expect(
      rollupRanges({
        from: new Date('2026-03-01T05:30:00Z'),
        to: new Date('2026-03-09T17:10:00Z'),
        granularity: 'day',
      }),
    ).toEqual({
      hours: [
        [at('2026-03-01T05:00:00Z'), at('2026-03-02T00:00:00Z')],
        [at('2026-03-09T00:00:00Z'), at('2026-03-09T18:00:00Z')],
      ],
      days: ['2026-03-02', '2026-03-09'],
      seriesHours: undefined,
    });
    expect(
      rollupRanges({
        from: new Date('2026-03-01T00:00:00Z'),
        to: new Date('2026-03-03T00:00:00Z'),
        granularity: 'day',
      }),
    ).toEqual({ hours: [], days: ['2026-03-01', '2026-03-03'], seriesHours: undefined });
  });

  it('when the report is by hour, then its series alone reads every hour of the window', () => {
    const window = { from: new Date('2026-03-01T05:30:00Z'), to: new Date('2026-03-09T17:10:00Z') };
    expect(rollupRanges({ ...window, granularity: 'hour' })).toEqual({
      ...rollupRanges({ ...window, granularity: 'day' }),
      seriesHours: [at('2026-03-01T05:00:00Z'), at('2026-03-09T18:00:00Z')],
    });
  });

  it('when the window holds no whole day, then it is read from the hourly rows alone', () => {
    expect(
      rollupRanges({
        from: new Date('2026-03-04T20:00:00Z'),
        to: new Date('2026-03-05T07:45:00Z'),
        granularity: 'day',
      }),
    ).toEqual({
      hours: [[at('2026-03-04T20:00:00Z'), at('2026-03-05T08:00:00Z')]],
      days: undefined,
      seriesHours: undefined,
    });
  });
});

describe('the daily rollups migration', () => {
  it('when it runs on a schema with hourly rollups, then the daily rows are their sums by UTC day', async () => {
    // The migrations before the daily rollups, then the hourly rows counted before them, then the rest.
    const before = await mkdtemp(path.join(tmpdir(), 'ad-migrations-'));
    for (const name of ['0001_advertisers_and_campaigns.sql', '0002_delivery.sql']) {
      await cp(path.join(AD_MIGRATIONS, name), path.join(before, name));
    }
    const old = await createAdTestDb('ad_rollups_migration', before);
    try {
      const id = randomUUID();
      await old.db.query(
        `INSERT INTO ad_stats_hourly (campaign_id, hour, placement_key, city, country, impressions, clicks, spend)
         VALUES ($1, '2026-03-01T22:00:00Z', 'home-page', 'Paris', 'FR', 3, 1, 0.5),
                ($1, '2026-03-01T23:00:00Z', 'home-page', 'Paris', 'FR', 4, 0, 0.0025),
                ($1, '2026-03-02T00:00:00Z', 'home-page', 'Paris', 'FR', 5, 2, 1)`,
        [id],
      );
      const { migrate, createLogger } = await import('@laundry/platform');
      await migrate(old.db, AD_MIGRATIONS, { logger: createLogger('test', 'silent') });
      const rows = await old.db.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, impressions::int, clicks::int, spend::text
         FROM ad_stats_daily WHERE campaign_id = $1 ORDER BY day`,
        [id],
      );
      expect(rows).toEqual([
        { day: '2026-03-01', impressions: 7, clicks: 1, spend: '0.5025' },
        { day: '2026-03-02', impressions: 5, clicks: 2, spend: '1.0000' },
      ]);
    } finally {
      await old.drop();
      await rm(before, { recursive: true });
    }
  });
});

describe('counts per creative', () => {
  it('when ads of two creatives are counted, then each creative has its own impressions, clicks and rate', async () => {
    const { campaignId: id } = await insertCampaign(testDb.db);
    const second = randomUUID();
    await testDb.db.query(`UPDATE campaigns SET creatives = $2::jsonb WHERE id = $1`, [
      id,
      JSON.stringify([
        {
          id: second,
          title: 'Fresh towels',
          description: null,
          imageUrl: null,
          targetUrl: 'https://suds.example/',
        },
      ]),
    ]);
    const at = new Date('2026-04-02T10:00:00Z');
    const count = async (
      creativeId: string,
      eventType: 'impression' | 'click',
      invalidReason: 'bot' | null = null,
    ) => {
      const event: AdEventRow = {
        decisionId: randomUUID(),
        campaignId: id,
        creativeId,
        placementKey: 'home-page',
        eventType,
        userId: null,
        userAgent: 'Mozilla/5.0',
        ipAddress: '10.0.0.1',
        latitude: null,
        longitude: null,
        city: null,
        country: null,
        referrerUrl: null,
        pageUrl: null,
        laundromatId: null,
        costE4: 0,
        invalidReason,
        createdAt: at,
      };
      await testDb.db.tx(async (tx) => {
        await delivery.insertEvent(tx, event, null);
        await delivery.applyEvent(tx, event, '2026-04-02', 'unused');
      });
    };
    for (let i = 0; i < 4; i++) await count(id, 'impression');
    await count(id, 'click');
    for (let i = 0; i < 2; i++) await count(second, 'impression');
    await count(second, 'click');
    await count(second, 'click', 'bot');

    const window = { from: new Date('2026-04-01T00:00:00Z'), to: new Date('2026-04-03T00:00:00Z') };
    const result = await analytics.report(testDb.db, id, { ...window, granularity: 'day' });
    expect(result.byCreative).toEqual([
      { creativeId: id, title: 'Suds', impressions: 4, clicks: 1, ctr: 0.25 },
      { creativeId: second, title: 'Fresh towels', impressions: 2, clicks: 1, ctr: 0.5 },
    ]);
    // Serving reads the same counts, valid events only, with each reload.
    const [state] = (await delivery.loadServableState(testDb.db, at)).filter((s) => s.id === id);
    expect(state!.creativeCounts).toEqual({ [id]: [4, 1], [second]: [2, 1] });
  });
});
