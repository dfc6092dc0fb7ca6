import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  laundromatOwnerReleasedV1,
  laundromatOwnerVerifiedV1,
  reviewCreatedV1,
  type Laundromat,
  type OwnerInsights,
} from '@laundry/contracts';
import { OVERPASS_USER_AGENT, areaFromArguments, syncOsm } from '../../../../scripts/src/sync-osm.ts';
import {
  laundryNode,
  startOverpassStandIn,
  type OverpassStandIn,
} from '../../../../scripts/test/support/overpass-stand-in.ts';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import { silentLogger } from '../../../../test/support/servers.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import { ownerReleasedHandler, ownerVerifiedHandler } from '../../src/consumers/laundromat-owner.handler.ts';
import { reviewCreatedHandler } from '../../src/consumers/review-created.handler.ts';
import { createRatingRepository } from '../../src/infra/rating-repository.ts';
import { createOverpassClient } from '../../src/infra/osm-sync/overpass-client.ts';
import {
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
let upstream: OverpassStandIn;
let owner: Session;
let stranger: Session;
let claimant: Session;
let admin: Session;
const area = areaFromArguments({ bbox: '-33.9,151.15,-33.85,151.25' });

const patch = (session: Session | undefined, id: string, body: unknown) =>
  apiClient(stack.baseUrl, session)(`/api/owner/laundromats/${id}`, { method: 'PATCH', body });
const detail = async (id: string) => (await getJson<Laundromat>(stack, `/api/laundromats/${id}`)).body;

/** Makes `session` the verified owner of the laundromat, as the owner service's event does. */
async function verifyOwner(laundromatId: string, session: Session) {
  await ownerVerifiedHandler({ db: stack.directoryDb, logger: silentLogger })(
    createEvent(laundromatOwnerVerifiedV1, 'owner', {
      laundromatId,
      claimId: randomUUID(),
      ownerUserId: session.user.id,
      method: 'document',
      verifiedAt: new Date().toISOString(),
    }),
  );
}

async function ownedLaundromat(latitude: number): Promise<string> {
  const [id] = await insertFixtures(stack, [
    fixture({ latitude, longitude: 151.3, openingHours: 'Mo-Su 08:00-20:00', washPriceSmall: 3.5 }),
  ]);
  await verifyOwner(id!, owner);
  return id!;
}

const auditOf = (id: string) =>
  stack.directoryDb.query<{ action: string; userId: string; fields: string[] }>(
    `SELECT envelope->'data'->>'action' AS action, envelope->'data'->>'userId' AS "userId",
            envelope->'data'->'newData'->'fields' AS fields
     FROM outbox WHERE type = 'audit.recorded.v1' AND envelope->'data'->>'resourceId' = $1`,
    [id],
  );

beforeAll(async () => {
  [stack, upstream] = await Promise.all([startDirectoryStack(), startOverpassStandIn()]);
  [owner, stranger, claimant] = await Promise.all([
    signUp(stack.baseUrl),
    signUp(stack.baseUrl),
    signUp(stack.baseUrl),
  ]);
  admin = await signUpAdmin(stack);
});

afterAll(async () => {
  await Promise.all([stack?.stop(), upstream?.close()]);
});

describe("an owner's change of their laundromat's listing", () => {
  it('when the owner sets past-midnight and holiday hours and prices, then the answer shows them at once', async () => {
    const id = await ownedLaundromat(-33.1);
    const before = Date.now();
    const response = await patch(owner, id, {
      openingHours: 'Mo-Fr 08:00-02:00; Sa,Su 10:00-24:00; PH off',
      washPriceSmall: '4.25',
      dryPrice15min: '0.1',
      hasWifi: true,
      acceptsCard: true,
      numWashers: 12,
      phone: '+61 2 9999 0000',
      website: 'https://suds.example',
      description: 'Big drums, open late.',
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Laundromat;
    const shown = await detail(id);
    for (const laundromat of [answer, shown]) {
      expect(laundromat).toMatchObject({
        openingHours: 'Mo-Fr 08:00-02:00; Sa,Su 10:00-24:00; PH off',
        washPriceSmall: 4.25,
        dryPrice15min: 0.1,
        hasWifi: true,
        acceptsCard: true,
        numWashers: 12,
        phone: '+61 2 9999 0000',
        website: 'https://suds.example',
        description: 'Big drums, open late.',
        ownerVerified: true,
      });
      expect(Date.parse(laundromat.ownerUpdatedAt!)).toBeGreaterThanOrEqual(before - 1000);
    }
    // The exact decimals reach the numeric columns; what was not sent is untouched.
    const [row] = await stack.directoryDb.query<Record<string, string>>(
      `SELECT wash_price_small::text AS small, dry_price_15min::text AS dry, owner_fields::text AS fields,
              has_parking::text AS parking
       FROM laundromats WHERE id = $1`,
      [id],
    );
    expect(row).toMatchObject({ small: '4.25', dry: '0.10', parking: 'false' });
    expect(row!.fields).toContain('openingHours');
    expect(row!.fields).toContain('washPriceSmall');
    expect(row!.fields).not.toContain('hasParking');

    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'laundromat.owner.update', userId: owner.user.id });
    expect(audit[0]!.fields).toEqual(
      expect.arrayContaining(['openingHours', 'washPriceSmall', 'hasWifi', 'phone', 'description']),
    );
  });

  it('when only one field is sent, then only that field changes', async () => {
    const id = await ownedLaundromat(-33.11);
    expect((await patch(owner, id, { washPriceLarge: '6' })).status).toBe(200);
    expect(await detail(id)).toMatchObject({
      washPriceLarge: 6,
      washPriceSmall: 3.5,
      openingHours: 'Mo-Su 08:00-20:00',
    });
  });

  it('when the owner sends the weekly map, then the OSM hours are written from it', async () => {
    const id = await ownedLaundromat(-33.15);
    const response = await patch(owner, id, {
      hours: { monday: '07:00-23:00', tuesday: '07:00-23:00', saturday: '24/7' },
    });
    expect(response.status).toBe(200);
    const shown = await detail(id);
    expect(shown.hours).toMatchObject({ monday: '07:00-23:00', saturday: '24/7' });
    expect(shown.openingHours).toMatch(/07:00-23:00/);
    expect(shown.ownerUpdatedAt).not.toBeNull();
  });

  it('when a stranger, an unverified claimant or nobody signed in tries, then nothing changes', async () => {
    const id = await ownedLaundromat(-33.12);
    const unowned = (await insertFixtures(stack, [fixture({ latitude: -33.13, longitude: 151.3 })]))[0]!;
    const before = await detail(id);
    for (const [session, target] of [
      [stranger, id],
      [claimant, unowned],
    ] as const) {
      const response = await patch(session, target, { washPriceSmall: '0.50', phone: '123' });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toMatch(/verified owner/);
    }
    expect((await patch(undefined, id, { phone: '123' })).status).toBe(401);
    expect(await detail(id)).toEqual(before);
    expect((await detail(unowned)).ownerUpdatedAt).toBeNull();
    expect(await auditOf(id)).toEqual([]);
    expect((await patch(owner, randomUUID(), { phone: '123' })).status).toBe(404);
  });

  it('when the owner has given the laundromat up, then they may no longer change it', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: -33.16, longitude: 151.3 })]);
    const claimId = randomUUID();
    const verifiedAt = new Date(Date.now() - 60_000).toISOString();
    const logger = silentLogger;
    await ownerVerifiedHandler({ db: stack.directoryDb, logger })(
      createEvent(laundromatOwnerVerifiedV1, 'owner', {
        laundromatId: id!,
        claimId,
        ownerUserId: owner.user.id,
        method: 'document',
        verifiedAt,
      }),
    );
    expect((await patch(owner, id!, { hasWifi: true })).status).toBe(200);
    await ownerReleasedHandler({ db: stack.directoryDb, logger })(
      createEvent(laundromatOwnerReleasedV1, 'owner', {
        laundromatId: id!,
        claimId,
        reason: 'given-up',
        releasedAt: new Date().toISOString(),
      }),
    );
    expect((await patch(owner, id!, { hasWifi: false })).status).toBe(403);
    expect((await detail(id!)).hasWifi).toBe(true);
  });

  it('when an admin changes it, then it changes and the audit log names the admin', async () => {
    const id = await ownedLaundromat(-33.14);
    expect((await patch(admin, id, { hasParking: true })).status).toBe(200);
    expect((await detail(id)).hasParking).toBe(true);
    expect((await auditOf(id))[0]).toMatchObject({ userId: admin.user.id, fields: ['hasParking'] });
  });

  it.each([
    [{ openingHours: 'Mo-Fr 25:00-26:00' }, /Opening hours/],
    [{ openingHours: 'whenever we feel like it' }, /Opening hours/],
    [{ washPriceSmall: '-1' }, /not negative/],
    [{ washPriceSmall: '1.234' }, /at most 2 decimals/],
    [{ washPriceSmall: 3.5 }, /written as digits/],
    [{ washPriceSmall: '1e3' }, /digits/],
    [{ website: 'ftp://suds.example' }, /http:\/\/ or https:\/\//],
    [{ website: 'javascript:alert(1)' }, /http:\/\/ or https:\/\//],
    [{ numWashers: 2.5 }, /whole number/],
    [{ phone: 'call us' }, /digits/],
    [{ hasWifi: 'yes' }, /true or false/],
    [{ isDemo: true }, /Unknown field/],
    [{}, /at least one field/],
  ])('when the body is %j, then it is a 400 that says why and nothing changes', async (body, message) => {
    const id = await ownedLaundromat(-33.2 - Math.random() / 100);
    const before = await detail(id);
    const response = await patch(owner, id, body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(message);
    expect(await detail(id)).toEqual(before);
  });
});

describe('the OpenStreetMap sync after an owner edit', () => {
  it("when OSM changes the owner's fields and others, then the owner's stay and the others update", async () => {
    upstream.put(
      laundryNode(9101, -33.871, 151.201, {
        name: 'Harbour Suds',
        opening_hours: 'Mo-Su 07:00-22:00',
        phone: '+61 2 1111 1111',
        website: 'https://osm.example',
      }),
    );
    const client = createOverpassClient({ url: upstream.url, userAgent: OVERPASS_USER_AGENT });
    await syncOsm(stack.directoryDb, area, client);
    const [row] = await stack.directoryDb.query<{ id: string }>(
      `SELECT id FROM laundromats WHERE source = 'osm' AND source_ref = 'node/9101'`,
    );
    const id = row!.id;
    await verifyOwner(id, owner);
    expect(
      (await patch(owner, id, { openingHours: 'Mo-Su 06:00-01:00; PH off', phone: '+61 2 2222 2222' }))
        .status,
    ).toBe(200);

    // OSM's data moves on: the next sync reads what changed since the last.
    upstream.osmBase = '2026-11-02T00:00:00Z';
    upstream.put(
      laundryNode(9101, -33.871, 151.201, {
        name: 'Harbour Suds & Dry',
        opening_hours: 'Mo-Fr 09:00-17:00',
        phone: '+61 2 3333 3333',
        website: 'https://osm-new.example',
      }),
    );
    await syncOsm(stack.directoryDb, area, client);
    expect(await detail(id)).toMatchObject({
      name: 'Harbour Suds & Dry',
      website: 'https://osm-new.example',
      openingHours: 'Mo-Su 06:00-01:00; PH off',
      phone: '+61 2 2222 2222',
    });
  });
});

describe("a verified owner's insights", () => {
  const insightsOf = (session: Session | undefined, id: string, query: string, headers = {}) =>
    apiClient(stack.baseUrl, session)(`/api/owner/laundromats/${id}/insights?${query}`, { headers });
  const interact = (id: string, kind: unknown) =>
    apiClient(stack.baseUrl)(`/api/laundromats/${id}/interactions`, { method: 'POST', body: { kind } });
  /** The laundromat's own calendar day, `offset` days from today. */
  const localDate = async (id: string, offset: number) => {
    const [row] = await stack.directoryDb.query<{ date: string }>(
      `SELECT to_char((now() AT TIME ZONE time_zone)::date + $2::int, 'YYYY-MM-DD') AS date
       FROM laundromats WHERE id = $1`,
      [id, offset],
    );
    return row!.date;
  };

  it('when a scripted set of searches, views, taps, favourites and reviews happens, then each is counted exactly', async () => {
    const id = await ownedLaundromat(-34.61);
    const [from, today, earlier] = await Promise.all([
      localDate(id, -6),
      localDate(id, 0),
      localDate(id, -9),
    ]);
    // A day of the previous period, as counted then.
    await stack.directoryDb.query(
      `INSERT INTO laundromat_daily_counts (laundromat_id, day, detail_views, search_appearances)
       VALUES ($1, $2::date, 4, 20)`,
      [id, earlier],
    );

    // Two list answers that show it (the search appearances), nearest first from its own point.
    for (let i = 0; i < 2; i += 1) {
      const page = await getJson<{ items: { id: string }[] }>(
        stack,
        `/api/laundromats?latitude=-34.61&longitude=151.3&limit=5`,
      );
      expect(page.body.items[0]!.id).toBe(id);
    }
    const beacons = ['detail-view', 'detail-view', 'detail-view', 'directions', 'phone', 'phone', 'website'];
    for (const kind of [...beacons, 'share']) expect((await interact(id, kind)).status).toBe(204);
    // Saving twice is one favourite added.
    const favorite = () =>
      apiClient(stack.baseUrl, stranger)('/api/favorites', { method: 'POST', body: { laundromatId: id } });
    expect((await favorite()).status).toBe(201);
    expect((await favorite()).status).toBe(200);
    // A review event delivered twice is one review.
    const review = createEvent(reviewCreatedV1, 'review', {
      reviewId: randomUUID(),
      laundromatId: id,
      userId: stranger.user.id,
      overallRating: 4,
      priceRating: null,
      safetyRating: null,
      cleanlinessRating: null,
      reliabilityRating: null,
      accessibilityRating: null,
      createdAt: new Date().toISOString(),
    });
    const handle = reviewCreatedHandler({
      db: stack.directoryDb,
      ratings: createRatingRepository(),
      logger: silentLogger,
    });
    await handle(review);
    await handle(review);

    const response = await insightsOf(owner, id, `from=${from}&to=${today}`);
    expect(response.status).toBe(200);
    const insights = (await response.json()) as OwnerInsights;
    expect(insights.days).toHaveLength(7);
    expect(insights.days.slice(0, 6).every((day) => day.detailViews === 0 && day.reviews === 0)).toBe(true);
    expect(insights.days[6]).toEqual({
      date: today,
      searchAppearances: 2,
      detailViews: 3,
      directionTaps: 1,
      phoneTaps: 2,
      websiteTaps: 1,
      shares: 1,
      favouritesAdded: 1,
      reviews: 1,
      averageRating: 4,
      cumulativeRating: 4,
    });
    expect(insights.totals).toMatchObject({
      searchAppearances: 2,
      detailViews: 3,
      reviews: 1,
      averageRating: 4,
    });
    expect(insights.previous).toMatchObject({
      to: await localDate(id, -7),
      totals: { searchAppearances: 20, detailViews: 4, reviews: 0, averageRating: null },
    });

    // The same days as CSV, asked for by Accept; no column names anybody.
    const csv = await insightsOf(owner, id, `from=${from}&to=${today}`, { accept: 'text/csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,search_appearances,detail_views,direction_taps,phone_taps,website_taps,shares,favourites_added,reviews,average_rating,cumulative_rating',
    );
    expect(lines).toHaveLength(8);
    expect(lines[7]).toBe(`${today},2,3,1,2,1,1,1,1,4.00,4.00`);
  });

  it('when anyone but the owner or an admin asks, or the laundromat or the dates are wrong, then it is refused', async () => {
    const id = await ownedLaundromat(-34.62);
    const period = 'from=2026-01-01&to=2026-01-07';
    expect((await insightsOf(owner, id, period)).status).toBe(200);
    expect((await insightsOf(admin, id, period)).status).toBe(200);
    expect((await insightsOf(stranger, id, period)).status).toBe(403);
    expect((await insightsOf(undefined, id, period)).status).toBe(401);
    expect((await insightsOf(owner, randomUUID(), period)).status).toBe(404);
    for (const [query, message] of [
      ['from=2026-01-01&to=2026-04-01', 'A period covers at most 90 days; this one covers 91'],
      ['from=2026-01-07&to=2026-01-01', 'from must be on or before to'],
      ['from=01/01/2026&to=2026-01-07', 'Dates must be written YYYY-MM-DD'],
      ['to=2026-01-07', ''],
    ] as const) {
      const refused = await insightsOf(owner, id, query);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(message);
    }
    // The beacon: a kind it does not know, or a laundromat that does not exist, counts nothing.
    expect((await interact(id, 'ad-click')).status).toBe(400);
    expect((await interact(randomUUID(), 'phone')).status).toBe(404);
    const [stored] = await stack.directoryDb.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM laundromat_daily_counts WHERE laundromat_id = $1',
      [id],
    );
    expect(stored!.n).toBe(0);
  });
});
