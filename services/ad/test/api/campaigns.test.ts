import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  laundromatOwnerVerifiedV1,
  type AdvertiserProfile,
  type Campaign,
  type CampaignListItem,
} from '@laundry/contracts';
import { laundromatOwnerHandlers } from '@laundry/platform/bus';
import { insertLaundromatsFor } from '../../../../test/support/laundromat-fixtures.ts';
import { silentLogger } from '../../../../test/support/servers.ts';
import {
  auditEntries,
  caller,
  count,
  newAdvertiser,
  safeCampaign,
  signUp,
  startAdStack,
  type ErrorBody,
  type Session,
  type TestStack,
} from '../support/ad-stack.ts';

let stack: TestStack;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  stack = await startAdStack({
    UNVERIFIED_SPENDING_CAP: '1000',
    // Where a promoted laundromat's ads land: the finder's public address.
    PUBLIC_URL: 'https://laundromat-finder.example',
  });
  [alice, bob] = await Promise.all([newAdvertiser(stack), newAdvertiser(stack)]);
});

afterAll(() => stack?.stop());

const create = (session: Session, body: unknown) =>
  caller(stack, session)<Campaign & ErrorBody>('POST', '/api/campaigns', body);
const fieldErrors = (body: ErrorBody) => Object.fromEntries(body.errors!.map((e) => [e.path, e.message]));

describe('creating a campaign', () => {
  it('when it breaks the rules, then each field gets its message and nothing is stored', async () => {
    const before = await count(stack, 'campaigns');
    const answer = await create(alice, {
      title: '',
      targetUrl: 'nope',
      totalBudget: 9.99,
      dailyBudget: 0.5,
      costPerClick: 0.09,
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer.body)).toMatchObject({
      title: 'Title is required',
      targetUrl: 'Please enter a valid URL',
      totalBudget: 'Minimum budget is $10',
      dailyBudget: 'Minimum daily budget is $1',
      costPerClick: 'Minimum cost per click is $0.10',
    });
    expect(await count(stack, 'campaigns')).toBe(before);
  });

  it('when only title and target are given, then defaults apply and the server sets counters', async () => {
    const answer = await create(alice, {
      title: 'Defaults',
      targetUrl: 'https://brightsuds.example/',
      totalImpressions: 999,
      totalSpent: 5,
      advertiserId: bob.user.id,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      title: 'Defaults',
      totalBudget: 100,
      dailyBudget: 10,
      costPerClick: 0.5,
      status: 'draft',
      totalImpressions: 0,
      totalClicks: 0,
      totalSpent: 0,
      moderationStatus: 'approved',
      targetCountries: [],
      targetCities: [],
      radiusKm: null,
    });
    const [owner] = await stack.ad.db.query<{ userId: string }>(
      'SELECT a.user_id AS "userId" FROM campaigns c JOIN advertisers a ON a.id = c.advertiser_id WHERE c.id = $1',
      [answer.body.id],
    );
    expect(owner!.userId).toBe(alice.user.id);
  });

  it('when amounts have cents, then they are stored exactly as numeric and read back unchanged', async () => {
    const answer = await create(alice, {
      ...safeCampaign,
      totalBudget: 10.1,
      dailyBudget: 1.1,
      costPerClick: 0.3,
    });
    expect(answer.body).toMatchObject({ totalBudget: 10.1, dailyBudget: 1.1, costPerClick: 0.3 });
    const [stored] = await stack.ad.db.query<Record<string, string>>(
      `SELECT total_budget::text AS total, daily_budget::text AS daily, cost_per_click::text AS cpc
       FROM campaigns WHERE id = $1`,
      [answer.body.id],
    );
    expect(stored).toEqual({ total: '10.10', daily: '1.10', cpc: '0.30' });
  });

  it('when a field has too many decimals, a non-numeric amount or a daily budget above the total, then it is 400', async () => {
    expect(
      fieldErrors((await create(alice, { ...safeCampaign, costPerClick: 0.123 })).body).costPerClick,
    ).toBe('Use at most 2 decimals');
    expect(
      fieldErrors((await create(alice, { ...safeCampaign, totalBudget: 'lots' })).body).totalBudget,
    ).toBe('Minimum budget is $10');
    expect(
      fieldErrors((await create(alice, { ...safeCampaign, totalBudget: 20, dailyBudget: 30 })).body)
        .dailyBudget,
    ).toBe('Daily budget must not be more than the total budget');
  });

  it('when it targets countries, cities and a radius, then they are stored, cities as the gazetteer names them', async () => {
    const answer = await create(alice, {
      ...safeCampaign,
      targetCountries: ['gb', 'FR'],
      targetCities: ['london', 'Paris, FR', 'Sao Paulo'],
      targetLatitude: 51.5072,
      targetLongitude: -0.1276,
      radiusKm: 12.5,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      targetCountries: ['GB', 'FR'],
      targetCities: ['London, GB', 'Paris, FR', 'São Paulo, BR'],
      targetLatitude: 51.5072,
      targetLongitude: -0.1276,
      radiusKm: 12.5,
    });
    // The point is a PostGIS geography, so delivery can ask who is within the radius.
    const [within] = await stack.ad.db.query<{ near: boolean; far: boolean }>(
      `SELECT ST_DWithin(target_point, ST_SetSRID(ST_MakePoint(-0.2, 51.5), 4326)::geography, radius_km * 1000) AS near,
              ST_DWithin(target_point, ST_SetSRID(ST_MakePoint(2.35, 48.85), 4326)::geography, radius_km * 1000) AS far
       FROM campaigns WHERE id = $1`,
      [answer.body.id],
    );
    expect(within).toEqual({ near: true, far: false });
  });

  it('when a city is misspelt, then it is refused with a suggestion; an unknown country code or half a target area is 400', async () => {
    const before = await count(stack, 'campaigns');
    const typo = await create(alice, { ...safeCampaign, targetCities: ['Paris', 'Londn'] });
    expect(typo.status).toBe(400);
    expect(fieldErrors(typo.body)['targetCities.1']).toBe(
      "We don't know the city 'Londn'. Did you mean 'London, GB'?",
    );
    const unknown = await create(alice, { ...safeCampaign, targetCities: ['Qwzxplk'] });
    expect(fieldErrors(unknown.body)['targetCities.0']).toContain("We don't know the city 'Qwzxplk'");

    const country = await create(alice, { ...safeCampaign, targetCountries: ['UK'] });
    expect(fieldErrors(country.body)['targetCountries.0']).toContain("Unknown country code 'UK'");

    const half = await create(alice, { ...safeCampaign, targetLatitude: 51.5, targetLongitude: -0.1 });
    expect(fieldErrors(half.body).radiusKm).toBe('A target area needs a latitude, a longitude and a radius');
    expect(await count(stack, 'campaigns')).toBe(before);
  });

  it('when the user has no advertiser profile or is signed out, then it is 404 / 401', async () => {
    const stranger = await signUp(stack.baseUrl);
    const answer = await create(stranger, safeCampaign);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Create your advertiser profile first.');
    expect((await caller(stack)('POST', '/api/campaigns', safeCampaign)).status).toBe(401);
    expect((await caller(stack)('GET', '/api/campaigns')).status).toBe(401);
  });
});

describe('creatives and a schedule', () => {
  const creative = (n: number) => ({
    title: `Offer ${n}`,
    description: 'Fresh towels',
    targetUrl: 'https://brightsuds.example/offers',
  });

  it('when a campaign has its own content and four more creatives, then all are stored; a sixth is 400 and nothing is stored', async () => {
    const five = await create(alice, { ...safeCampaign, creatives: [1, 2, 3, 4].map(creative) });
    expect(five.status).toBe(201);
    expect(five.body.creatives.map((c) => c.title)).toEqual(['Offer 1', 'Offer 2', 'Offer 3', 'Offer 4']);
    expect(new Set(five.body.creatives.map((c) => c.id)).size).toBe(4);
    const before = await count(stack, 'campaigns');
    const six = await create(alice, { ...safeCampaign, creatives: [1, 2, 3, 4, 5].map(creative) });
    expect(six.status).toBe(400);
    expect(fieldErrors(six.body)).toMatchObject({
      creatives: 'A campaign has at most 5 creatives: its own and 4 more.',
    });
    expect(await count(stack, 'campaigns')).toBe(before);
  });

  it('when an edit keeps a creative by its id, then it keeps its id; an id the campaign never had gets a new one', async () => {
    const made = await create(alice, { ...safeCampaign, creatives: [creative(1)] });
    const kept = made.body.creatives[0]!;
    const stranger = randomUUID();
    const edited = await caller(stack, alice)<Campaign>('PUT', `/api/campaigns/${made.body.id}`, {
      ...safeCampaign,
      creatives: [kept, { ...creative(2), id: stranger }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.creatives[0]!.id).toBe(kept.id);
    expect(edited.body.creatives[1]!.id).not.toBe(stranger);
  });

  it('when a schedule has no hours or no days, then it is 400 with words a person understands', async () => {
    const before = await count(stack, 'campaigns');
    const noHours = await create(alice, {
      ...safeCampaign,
      schedule: { timeZone: 'Europe/Paris', days: [1, 2], fromHour: 9, toHour: 9 },
    });
    expect(noHours.status).toBe(400);
    expect(fieldErrors(noHours.body)['schedule.toHour']).toBe(
      'The schedule has no hours: the ad would never show. Choose an end hour after the start hour.',
    );
    const noDays = await create(alice, {
      ...safeCampaign,
      schedule: { timeZone: 'Europe/Paris', days: [], fromHour: 9, toHour: 17 },
    });
    expect(fieldErrors(noDays.body)['schedule.days']).toBe(
      'The schedule has no days: choose at least one day the ad may show.',
    );
    const badZone = await create(alice, {
      ...safeCampaign,
      schedule: { timeZone: 'Mars/Olympus', days: [1], fromHour: 9, toHour: 17 },
    });
    expect(fieldErrors(badZone.body)['schedule.timeZone']).toBe('Unknown time zone');
    expect(await count(stack, 'campaigns')).toBe(before);
    const kept = await create(alice, {
      ...safeCampaign,
      schedule: { timeZone: 'Europe/Paris', days: [5, 1, 5], fromHour: 9, toHour: 17 },
    });
    expect(kept.body.schedule).toEqual({ timeZone: 'Europe/Paris', days: [1, 5], fromHour: 9, toHour: 17 });
    const [row] = await stack.ad.db.query<{ timeZone: string }>(
      'SELECT time_zone AS "timeZone" FROM campaigns WHERE id = $1',
      [kept.body.id],
    );
    expect(row!.timeZone).toBe('Europe/Paris');
  });
});

describe('the campaign list and one campaign', () => {
  it("when two advertisers have campaigns, then each lists only their own and the other's is 404 through every call", async () => {
    const mine = await create(bob, { ...safeCampaign, title: "Bob's only campaign" });
    const list = await caller(stack, bob)<CampaignListItem[]>('GET', '/api/campaigns');
    expect(list.body.map((c) => c.title)).toEqual(["Bob's only campaign"]);
    expect(Object.keys(list.body[0]!)).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'description',
        'status',
        'totalBudget',
        'totalImpressions',
        'totalClicks',
      ]),
    );
    const aliceList = await caller(stack, alice)<CampaignListItem[]>('GET', '/api/campaigns');
    expect(aliceList.body.map((c) => c.id)).not.toContain(mine.body.id);

    const asAlice = caller(stack, alice);
    const path = `/api/campaigns/${mine.body.id}`;
    const answers = [
      await asAlice('GET', path),
      await asAlice('PUT', path, safeCampaign),
      await asAlice('POST', `${path}/status`, { status: 'paused' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ message: 'Campaign not found' });
    }
    const stored = await caller(stack, bob)<Campaign>('GET', path);
    expect(stored.body).toMatchObject({ title: "Bob's only campaign", status: 'active' });
    // A malformed id is answered the same way.
    expect((await asAlice('GET', '/api/campaigns/not-an-id')).status).toBe(404);
  });
});

describe('status changes', () => {
  it('when a draft is activated, paused, resumed and ended, then each step is stored and audited, and ended is final', async () => {
    const { body: draft } = await create(alice, { ...safeCampaign, status: 'draft' });
    const to = (status: string) =>
      caller(stack, alice)<Campaign & ErrorBody>('POST', `/api/campaigns/${draft.id}/status`, { status });

    const pausedDraft = await to('paused');
    expect(pausedDraft.status).toBe(409);
    expect((await to('active')).body.status).toBe('active');
    expect((await to('paused')).body.status).toBe('paused');
    expect((await to('active')).body.status).toBe('active');
    expect((await to('ended')).body.status).toBe('ended');
    const again = await to('active');
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('has ended');
    expect((await to('draft')).status).toBe(400);

    const entries = await auditEntries(
      stack,
      "resource_id = $1 AND status = 'success' AND action <> 'campaign.create'",
      [draft.id],
      4,
    );
    expect(entries.map((e) => e.action)).toEqual([
      'campaign.activate',
      'campaign.pause',
      'campaign.activate',
      'campaign.end',
    ]);
    expect(entries[1]).toMatchObject({ oldData: { status: 'active' }, newData: { status: 'paused' } });
  });

  it('when a campaign is past its end date, then reading it ends it, and it cannot be activated again', async () => {
    const { body: campaign } = await create(alice, { ...safeCampaign, endDate: '2099-01-01' });
    await stack.ad.db.query(`UPDATE campaigns SET end_date = current_date - 1 WHERE id = $1`, [campaign.id]);
    const read = await caller(stack, alice)<Campaign>('GET', `/api/campaigns/${campaign.id}`);
    expect(read.body.status).toBe('ended');
    const [entry] = await auditEntries(stack, "resource_id = $1 AND action = 'campaign.end'", [campaign.id]);
    expect(entry).toMatchObject({ userId: null, httpMethod: 'SYSTEM' });
  });

  it('when the dates are wrong way round or the end date has passed, then it is 400', async () => {
    const backwards = await create(alice, {
      ...safeCampaign,
      startDate: '2099-02-01',
      endDate: '2099-01-01',
    });
    expect(fieldErrors(backwards.body).endDate).toBe('End date must not be before the start date');
    const past = await create(alice, { ...safeCampaign, endDate: '2001-01-01' });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('The end date has already passed.');
  });
});

describe('editing a campaign', () => {
  it('when the owner edits it, then the change is stored, moderated again, and audited with old and new data', async () => {
    const { body: campaign } = await create(alice, safeCampaign);
    const edited = await caller(stack, alice)<Campaign>('PUT', `/api/campaigns/${campaign.id}`, {
      ...safeCampaign,
      title: 'Free drying all week',
      totalBudget: 150,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Free drying all week', totalBudget: 150, status: 'active' });
    expect(await count(stack, 'moderation_reviews', 'campaign_id = $1', [campaign.id])).toBe(2);
    const [entry] = await auditEntries(stack, "resource_id = $1 AND action = 'campaign.update'", [
      campaign.id,
    ]);
    expect(entry).toMatchObject({
      oldData: expect.objectContaining({ title: 'Half-price drying on Tuesdays', totalBudget: 100 }),
      newData: expect.objectContaining({ title: 'Free drying all week', totalBudget: 150 }),
    });
  });

  it('when the edit is invalid, then nothing changes', async () => {
    const { body: campaign } = await create(alice, safeCampaign);
    const bad = await caller(stack, alice)<ErrorBody>('PUT', `/api/campaigns/${campaign.id}`, {
      ...safeCampaign,
      totalBudget: 5,
    });
    expect(bad.status).toBe(400);
    const read = await caller(stack, alice)<Campaign>('GET', `/api/campaigns/${campaign.id}`);
    expect(read.body.totalBudget).toBe(100);
  });
});

describe("a campaign in the advertiser's currency", () => {
  const yenCampaign = { ...safeCampaign, totalBudget: 15_000, dailyBudget: 1_500, costPerClick: 75 };

  it('when a yen advertiser breaks the yen rules, then each field says so in yen and nothing is stored', async () => {
    const yen = await newAdvertiser(stack, { billingCurrency: 'JPY' }, { paymentMethod: false });
    const before = await count(stack, 'campaigns');
    const small = await create(yen, {
      ...yenCampaign,
      totalBudget: 1_000,
      dailyBudget: 100,
      costPerClick: 10,
    });
    expect(small.status).toBe(400);
    expect(fieldErrors(small.body)).toMatchObject({
      totalBudget: 'Minimum budget is ¥1,500',
      dailyBudget: 'Minimum daily budget is ¥150',
      costPerClick: 'Minimum cost per click is ¥15',
    });
    const fraction = await create(yen, { ...yenCampaign, costPerClick: 75.5 });
    expect(fraction.status).toBe(400);
    expect(fieldErrors(fraction.body).costPerClick).toBe('Use a whole amount: this currency has no decimals');
    // What a dollar advertiser may ask is far too little in yen.
    expect((await create(yen, safeCampaign)).status).toBe(400);
    expect(await count(stack, 'campaigns')).toBe(before);
  });

  it('when a yen advertiser saves whole yen, then the campaign is stored exactly and every answer says JPY', async () => {
    const yen = await newAdvertiser(stack, { billingCurrency: 'JPY' }, { paymentMethod: false });
    const created = await create(yen, yenCampaign);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      currency: 'JPY',
      totalBudget: 15_000,
      dailyBudget: 1_500,
      costPerClick: 75,
    });
    const [stored] = await stack.ad.db.query<Record<string, string>>(
      'SELECT total_budget::text AS total, cost_per_click::text AS cpc FROM campaigns WHERE id = $1',
      [created.body.id],
    );
    expect(stored).toEqual({ total: '15000.00', cpc: '75.00' });
    const read = await caller(stack, yen)<Campaign>('GET', `/api/campaigns/${created.body.id}`);
    expect(read.body.currency).toBe('JPY');
    const list = await caller(stack, yen)<CampaignListItem[]>('GET', '/api/campaigns');
    expect(list.body.map((item) => item.currency)).toEqual(['JPY']);

    // Left out, the amounts are the yen defaults, not the dollar ones.
    const defaults = await create(yen, { title: 'Defaults', targetUrl: 'https://brightsuds.example/' });
    expect(defaults.body).toMatchObject({ totalBudget: 15_000, dailyBudget: 1_500, costPerClick: 75 });

    // An edit is read in yen too: a fraction of a yen is refused and nothing changes.
    const edit = await caller(stack, yen)<ErrorBody>('PUT', `/api/campaigns/${created.body.id}`, {
      ...yenCampaign,
      totalBudget: 20_000.5,
    });
    expect(edit.status).toBe(400);
    const edited = await caller(stack, yen)<Campaign>('PUT', `/api/campaigns/${created.body.id}`, {
      ...yenCampaign,
      totalBudget: 20_000,
    });
    expect(edited.body).toMatchObject({ totalBudget: 20_000, currency: 'JPY' });

    // A dollar advertiser's campaigns still say USD.
    expect((await create(alice, safeCampaign)).body.currency).toBe('USD');
    const usd = await caller(stack, alice)<CampaignListItem[]>('GET', '/api/campaigns');
    expect(new Set(usd.body.map((item) => item.currency))).toEqual(new Set(['USD']));
  });
});

describe('the spending cap of an unverified advertiser', () => {
  it('when new budgets would pass the cap, then the campaign is refused with what is left; ended campaigns count what they spent', async () => {
    const carol = await newAdvertiser(stack);
    expect((await create(carol, { ...safeCampaign, totalBudget: 600 })).status).toBe(201);
    const over = await create(carol, { ...safeCampaign, totalBudget: 500 });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('at most $1000.00 in all ($400.00 left)');
    expect(fieldErrors(over.body).totalBudget).toContain('Verify your business');
    expect((await create(carol, { ...safeCampaign, totalBudget: 400 })).status).toBe(201);
  });
});

describe('promoting an owned laundromat', () => {
  it("when its verified owner promotes it, then a draft carries the listing's values; a stranger gets 403", async () => {
    const [owner, stranger] = await Promise.all([signUp(stack.baseUrl), signUp(stack.baseUrl)]);
    const [laundromatId] = (await insertLaundromatsFor(
      stack,
      [{ name: 'Promo Suds', latitude: 45.764, longitude: 4.8357, website: 'https://promosuds.example' }],
      { namePrefix: 'Ad Fixture', near: { latitude: 45.76, longitude: 4.83 } },
    )) as [string];
    const owners = laundromatOwnerHandlers({ db: stack.ad.db, logger: silentLogger, service: 'ad' });
    await owners.verified(
      createEvent(laundromatOwnerVerifiedV1, 'owner', {
        laundromatId,
        claimId: randomUUID(),
        ownerUserId: owner.user.id,
        method: 'email-domain',
        verifiedAt: new Date().toISOString(),
      }),
    );
    const promote = (session: Session) =>
      caller(stack, session)<Campaign & ErrorBody>('POST', `/api/owner/laundromats/${laundromatId}/promote`);

    const before = await count(stack, 'campaigns');
    const refused = await promote(stranger);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the verified owner of this laundromat can promote it.');
    expect(await count(stack, 'campaigns')).toBe(before);
    expect((await caller(stack)('POST', `/api/owner/laundromats/${laundromatId}/promote`)).status).toBe(401);

    const promoted = await promote(owner);
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(201);
    const landing = new URL(promoted.body.targetUrl!);
    expect(landing.origin).toBe('https://laundromat-finder.example');
    expect(landing.pathname).toBe('/');
    expect(landing.searchParams.get('l')).toBe(laundromatId);
    expect(promoted.body).toMatchObject({
      title: 'Promo Suds',
      status: 'draft',
      targetLatitude: 45.764,
      targetLongitude: 4.8357,
      radiusKm: 3,
      // The listing has no photo.
      imageUrl: null,
    });
    // Their first promotion made their advertiser profile from the listing, as the portal's setup would.
    const profile = await caller(stack, owner)<AdvertiserProfile>('GET', '/api/advertisers/me');
    expect(profile.body).toMatchObject({
      businessName: 'Promo Suds',
      website: 'https://promosuds.example',
      contactEmail: owner.user.email.toLowerCase(),
    });
    // The finder's own page is not a foreign site: no finding says so.
    const [review] = await stack.ad.db.query<{ findings: unknown }>(
      'SELECT flagged_content AS findings FROM moderation_reviews WHERE campaign_id = $1',
      [promoted.body.id],
    );
    expect(JSON.stringify(review?.findings ?? [])).not.toContain('foreignTargetDomain');
    const [row] = await stack.ad.db.query<{ promoted: string }>(
      'SELECT promoted_laundromat_id AS promoted FROM campaigns WHERE id = $1',
      [promoted.body.id],
    );
    expect(row?.promoted).toBe(laundromatId);

    // A second promotion is another draft under the same profile.
    expect((await promote(owner)).status).toBe(201);
    expect(await count(stack, 'advertisers', 'user_id = $1', [owner.user.id])).toBe(1);
  });
});
