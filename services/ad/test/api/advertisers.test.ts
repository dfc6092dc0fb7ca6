import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvertiserProfile, ReachEstimate, TeamInvitation, TeamResponse } from '@laundry/contracts';
import { mailedLink } from '../../../../test/support/session.ts';
import { eventually } from '../../../../test/support/servers.ts';
import {
  auditEntries,
  caller,
  count,
  safeCampaign,
  signUp,
  startAdStack,
  validProfile,
  type ErrorBody,
  type Session,
  type TestStack,
} from '../support/ad-stack.ts';

let stack: TestStack;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  // The ad requests counted in memory reach the reach estimate's table within a moment.
  stack = await startAdStack({ AD_REQUEST_FLUSH_MS: '100' });
  [alice, bob] = await Promise.all([signUp(stack.baseUrl), signUp(stack.baseUrl)]);
});

afterAll(() => stack?.stop());

describe('an advertiser profile', () => {
  it('when nobody is signed in, then reading or creating one is 401 and nothing is stored', async () => {
    const before = await count(stack, 'advertisers');
    expect((await caller(stack)('GET', '/api/advertisers/me')).status).toBe(401);
    expect((await caller(stack)('POST', '/api/advertisers', validProfile)).status).toBe(401);
    expect(await count(stack, 'advertisers')).toBe(before);
  });

  it('when the user has none, then /me answers null', async () => {
    const me = await caller(stack, bob)('GET', '/api/advertisers/me');
    expect(me).toEqual({ status: 200, body: null });
  });

  it('when it breaks the profile rules, then each field gets its message and nothing is stored', async () => {
    const before = await count(stack, 'advertisers');
    const answer = await caller(stack, bob)<ErrorBody>('POST', '/api/advertisers', {
      businessName: '   ',
      website: 'not a url',
      contactEmail: 'nobody',
      industry: 'casino',
    });
    expect(answer.status).toBe(400);
    const messages = Object.fromEntries(answer.body.errors!.map((e) => [e.path, e.message]));
    expect(messages).toMatchObject({
      businessName: 'Business name is required',
      website: 'Please enter a valid website URL',
      contactEmail: 'Please enter a valid email address',
    });
    expect(messages.industry).toContain('Industry must be one of laundromat, dry_cleaning');
    expect(await count(stack, 'advertisers')).toBe(before);
  });

  it('when created, then the owner reads it back unverified with the spending cap, and a second one is 409', async () => {
    const created = await caller(stack, alice)<AdvertiserProfile>('POST', '/api/advertisers', validProfile);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: alice.user.id,
      businessName: 'Bright Suds Laundromat',
      contactEmail: 'owner@brightsuds.example',
      industry: 'laundromat',
      isVerified: false,
      verificationStatus: 'none',
      spendingCap: 500,
    });
    const me = await caller(stack, alice)<AdvertiserProfile>('GET', '/api/advertisers/me');
    expect(me.body).toEqual(created.body);

    const again = await caller(stack, alice)<ErrorBody>('POST', '/api/advertisers', validProfile);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already have an advertiser profile.');
    expect(await count(stack, 'advertisers', 'user_id = $1', [alice.user.id])).toBe(1);

    // Another user sees none of it.
    expect((await caller(stack, bob)('GET', '/api/advertisers/me')).body).toBeNull();
  });

  it('when optional fields are blank, then they read back as null, and industry may be left empty', async () => {
    const carol = await signUp(stack.baseUrl);
    const created = await caller(stack, carol)<AdvertiserProfile>('POST', '/api/advertisers', {
      businessName: 'Carol Cleans',
      contactEmail: 'carol@example.test',
      industry: '',
      website: '',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      website: null,
      industry: null,
      description: null,
      contactPhone: null,
    });
  });

  it('when the owner edits it, then /me shows the change and the audit log holds both versions', async () => {
    const updated = await caller(stack, alice)<AdvertiserProfile>('PUT', '/api/advertisers/me', {
      ...validProfile,
      businessName: 'Bright Suds & Co',
      industry: 'dry_cleaning',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ businessName: 'Bright Suds & Co', industry: 'dry_cleaning' });

    const [create, update] = await auditEntries(
      stack,
      "user_id = $1 AND resource = 'advertiser' AND status = 'success'",
      [alice.user.id],
      2,
    );
    expect(create).toMatchObject({ action: 'advertiser.create', status: 'success', httpMethod: 'POST' });
    expect(update).toMatchObject({
      action: 'advertiser.update',
      status: 'success',
      endpoint: '/api/advertisers/me',
      httpMethod: 'PUT',
      oldData: expect.objectContaining({ businessName: 'Bright Suds Laundromat', industry: 'laundromat' }),
      newData: expect.objectContaining({ businessName: 'Bright Suds & Co', industry: 'dry_cleaning' }),
    });
    expect(update!.ipAddress).toBeTruthy();
    expect(update!.userAgent).toBeTruthy();
  });

  it('when an edit is invalid or the user has no profile, then nothing changes and the failure is audited', async () => {
    const bad = await caller(stack, alice)<ErrorBody>('PUT', '/api/advertisers/me', {
      ...validProfile,
      contactEmail: 'broken',
    });
    expect(bad.status).toBe(400);
    expect(
      (await caller(stack, alice)<AdvertiserProfile>('GET', '/api/advertisers/me')).body.contactEmail,
    ).toBe('owner@brightsuds.example');
    const none = await caller(stack, bob)<ErrorBody>('PUT', '/api/advertisers/me', validProfile);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Create your advertiser profile first.');

    const [refusedCreate] = await auditEntries(
      stack,
      "user_id = $1 AND status = 'failure' AND action = 'advertiser.create'",
      [alice.user.id],
    );
    expect(refusedCreate!.errorMessage).toBe('You already have an advertiser profile.');
    const [refusedUpdate] = await auditEntries(
      stack,
      "user_id = $1 AND status = 'failure' AND action = 'advertiser.update'",
      [alice.user.id],
    );
    expect(refusedUpdate).toMatchObject({
      errorMessage: expect.stringContaining('Please enter a valid email address'),
    });
  });
});

describe('a billing currency', () => {
  const profileOf = async (session: Session) =>
    (await caller(stack, session)<AdvertiserProfile>('GET', '/api/advertisers/me')).body;

  it('when a new advertiser chooses yen, then the profile, /me and the audit log say JPY', async () => {
    const yen = await signUp(stack.baseUrl);
    const created = await caller(stack, yen)<AdvertiserProfile>('POST', '/api/advertisers', {
      ...validProfile,
      billingCurrency: 'jpy',
    });
    expect(created.status).toBe(201);
    expect(created.body.billingCurrency).toBe('JPY');
    // The unverified cap holds in yen, as the yen's minimums scale the dollar ones.
    expect(created.body.spendingCap).toBe(75_000);
    expect((await profileOf(yen)).billingCurrency).toBe('JPY');
    const [audited] = await auditEntries(
      stack,
      "user_id = $1 AND action = 'advertiser.create' AND status = 'success'",
      [yen.user.id],
    );
    expect(audited!.newData).toMatchObject({ billingCurrency: 'JPY' });
  });

  it('when the currency is unknown, then it is 400 with the currencies to choose from and nothing changes; left out, it is USD', async () => {
    const dave = await signUp(stack.baseUrl);
    const before = await count(stack, 'advertisers');
    const refused = await caller(stack, dave)<ErrorBody>('POST', '/api/advertisers', {
      ...validProfile,
      billingCurrency: 'BTC',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({
      path: 'billingCurrency',
      message: 'Billing currency must be one of USD, EUR, GBP, JPY, AUD, CAD',
    });
    expect(await count(stack, 'advertisers')).toBe(before);

    // Left out, it is US dollars.
    const created = await caller(stack, dave)<AdvertiserProfile>('POST', '/api/advertisers', validProfile);
    expect(created.status).toBe(201);
    expect(created.body.billingCurrency).toBe('USD');
    const edit = await caller(stack, dave)<ErrorBody>('PUT', '/api/advertisers/me', {
      ...validProfile,
      businessName: 'Renamed on the way',
      billingCurrency: 'XYZ',
    });
    expect(edit.status).toBe(400);
    expect(await profileOf(dave)).toMatchObject({
      billingCurrency: 'USD',
      businessName: validProfile.businessName,
    });
  });

  it('when there is no campaign yet, then the owner may change it; once one exists, a change is 409 and nothing changes', async () => {
    const erin = await signUp(stack.baseUrl);
    const call = caller(stack, erin);
    expect((await call('POST', '/api/advertisers', validProfile)).status).toBe(201);
    const changed = await call<AdvertiserProfile>('PUT', '/api/advertisers/me', {
      ...validProfile,
      billingCurrency: 'EUR',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.billingCurrency).toBe('EUR');
    // Left out, it stays as chosen.
    const kept = await call<AdvertiserProfile>('PUT', '/api/advertisers/me', { ...validProfile });
    expect(kept.body.billingCurrency).toBe('EUR');

    // A draft is a campaign too: its amounts are euros from now on.
    const campaign = await call<{ currency: string }>('POST', '/api/campaigns', {
      ...safeCampaign,
      status: 'draft',
    });
    expect(campaign.status).toBe(201);
    expect(campaign.body.currency).toBe('EUR');

    const refused = await call<ErrorBody>('PUT', '/api/advertisers/me', {
      ...validProfile,
      businessName: 'Erin in pounds',
      billingCurrency: 'GBP',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'BILLING_CURRENCY_FIXED',
      message: 'The billing currency is fixed once a campaign exists: it is EUR.',
    });
    expect(await profileOf(erin)).toMatchObject({
      billingCurrency: 'EUR',
      businessName: validProfile.businessName,
    });
    // Naming the currency it already has changes nothing about it, and the rest of the edit holds.
    const same = await call<AdvertiserProfile>('PUT', '/api/advertisers/me', {
      ...validProfile,
      businessName: 'Erin in euros',
      billingCurrency: 'EUR',
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ billingCurrency: 'EUR', businessName: 'Erin in euros' });

    const [failure] = await auditEntries(
      stack,
      "user_id = $1 AND action = 'advertiser.update' AND status = 'failure'",
      [erin.user.id],
    );
    expect(failure!.errorMessage).toBe('The billing currency is fixed once a campaign exists: it is EUR.');
    const [change] = await auditEntries(
      stack,
      "user_id = $1 AND action = 'advertiser.update' AND status = 'success'",
      [erin.user.id],
      3,
    );
    expect(change).toMatchObject({
      oldData: expect.objectContaining({ billingCurrency: 'USD' }),
      newData: expect.objectContaining({ billingCurrency: 'EUR' }),
    });
  });
});

describe("an advertiser's team", () => {
  const newEmail = (who: string) => `${who}-${Date.now().toString(36)}@example.test`;

  it('when the owner invites a viewer who accepts, then the viewer reads reports but every write is refused', async () => {
    const owner = await signUp(stack.baseUrl);
    const call = caller(stack, owner);
    expect((await call('POST', '/api/advertisers', validProfile)).status).toBe(201);
    const viewerEmail = newEmail('viewer');

    // Bad input: nothing is stored, each says why.
    const before = await count(stack, 'advertiser_invitations');
    const badEmail = await call<ErrorBody>('POST', '/api/advertisers/me/team/invitations', {
      email: 'not-an-address',
      role: 'viewer',
    });
    expect(badEmail.status).toBe(400);
    const badRole = await call<ErrorBody>('POST', '/api/advertisers/me/team/invitations', {
      email: viewerEmail,
      role: 'owner',
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors?.[0]?.message).toBe('The role must be one of manager, viewer');
    const self = await call<ErrorBody>('POST', '/api/advertisers/me/team/invitations', {
      email: owner.user.email.toUpperCase(),
      role: 'manager',
    });
    expect(self.status).toBe(409);
    expect(self.body.message).toContain('You own this account already');
    expect(await count(stack, 'advertiser_invitations')).toBe(before);

    const invited = await call<TeamInvitation>('POST', '/api/advertisers/me/team/invitations', {
      email: viewerEmail,
      role: 'viewer',
      language: 'fr',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: viewerEmail, role: 'viewer' });
    const again = await call<ErrorBody>('POST', '/api/advertisers/me/team/invitations', {
      email: viewerEmail,
      role: 'manager',
    });
    expect(again.status).toBe(409);
    const team = await call<TeamResponse>('GET', '/api/advertisers/me/team');
    expect(team.body.members).toEqual([expect.objectContaining({ userId: owner.user.id, role: 'owner' })]);
    expect(team.body.invitations).toEqual([expect.objectContaining({ email: viewerEmail, role: 'viewer' })]);

    // The mail's link carries the secret; only the invited address may take it up.
    const link = await mailedLink(stack.baseUrl, viewerEmail, '/advertiser/team');
    const token = new URL(link, stack.baseUrl).searchParams.get('invitation')!;
    const stranger = await caller(stack, bob)<ErrorBody>('POST', '/api/advertisers/team/accept', { token });
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toContain('sent to another e-mail address');
    const viewer = await signUp(stack.baseUrl, viewerEmail);
    const asViewer = caller(stack, viewer);
    const accepted = await asViewer('POST', '/api/advertisers/team/accept', { token });
    expect(accepted).toMatchObject({
      status: 200,
      body: { role: 'viewer', businessName: validProfile.businessName },
    });
    expect((await asViewer('POST', '/api/advertisers/team/accept', { token })).status).toBe(404);

    const profile = await asViewer<AdvertiserProfile>('GET', '/api/advertisers/me');
    expect(profile.body).toMatchObject({ userId: owner.user.id, role: 'viewer' });
    expect((await asViewer('GET', '/api/campaigns')).status).toBe(200);
    const write = await asViewer<ErrorBody>('POST', '/api/campaigns', safeCampaign);
    expect(write.status).toBe(403);
    expect(write.body.message).toContain('Viewers see the reports only');
    expect((await asViewer('PUT', '/api/advertisers/me', validProfile)).status).toBe(403);
    expect((await asViewer('GET', '/api/advertisers/me/team')).status).toBe(403);
    expect(await count(stack, 'campaigns', 'advertiser_id = $1', [profile.body.id])).toBe(0);
    // Billing hears of the membership through the bus and keeps the owner's billing to the owner.
    await eventually(async () => (await asViewer('GET', '/api/billing/account')).status === 403);

    const [acceptance] = await auditEntries(stack, "action = 'team.accept' AND user_id = $1", [
      viewer.user.id,
    ]);
    expect(acceptance).toMatchObject({ advertiserId: profile.body.id, status: 'success' });
    const [invitation] = await auditEntries(
      stack,
      "action = 'team.invite' AND status = 'success' AND user_id = $1",
      [owner.user.id],
    );
    expect(invitation).toMatchObject({
      advertiserId: profile.body.id,
      newData: { email: viewerEmail, role: 'viewer' },
    });
  });

  it('when the owner makes a member a manager and later removes them, then each change holds at once and is audited', async () => {
    const owner = await signUp(stack.baseUrl);
    const call = caller(stack, owner);
    const account = await call<AdvertiserProfile>('POST', '/api/advertisers', validProfile);
    const email = newEmail('colleague');
    expect(
      (await call('POST', '/api/advertisers/me/team/invitations', { email, role: 'viewer' })).status,
    ).toBe(201);
    const link = await mailedLink(stack.baseUrl, email, '/advertiser/team');
    const member = await signUp(stack.baseUrl, email);
    const asMember = caller(stack, member);
    const token = new URL(link, stack.baseUrl).searchParams.get('invitation')!;
    expect((await asMember('POST', '/api/advertisers/team/accept', { token })).status).toBe(200);

    const unknownRole = await call('PUT', `/api/advertisers/me/team/members/${member.user.id}`, {
      role: 'admin',
    });
    expect(unknownRole.status).toBe(400);
    const promoted = await call('PUT', `/api/advertisers/me/team/members/${member.user.id}`, {
      role: 'manager',
    });
    expect(promoted).toMatchObject({ status: 200, body: { role: 'manager', email } });
    // A manager works on the campaigns but not on the team.
    const created = await asMember<{ id: string }>('POST', '/api/campaigns', {
      ...safeCampaign,
      status: 'paused',
    });
    expect(created.status).toBe(201);
    expect(
      (
        await asMember('POST', '/api/advertisers/me/team/invitations', {
          email: newEmail('x'),
          role: 'viewer',
        })
      ).status,
    ).toBe(403);
    const [campaignCreate] = await auditEntries(
      stack,
      "action = 'campaign.create' AND status = 'success' AND user_id = $1",
      [member.user.id],
    );
    expect(campaignCreate).toMatchObject({ advertiserId: account.body.id });

    expect((await call('DELETE', `/api/advertisers/me/team/members/${member.user.id}`)).status).toBe(204);
    expect((await asMember('GET', '/api/advertisers/me')).body).toBeNull();
    expect((await asMember('GET', `/api/campaigns/${created.body.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/advertisers/me/team/members/${member.user.id}`)).status).toBe(404);
    const changes = await auditEntries(
      stack,
      "action IN ('team.role-change', 'team.remove') AND status = 'success' AND user_id = $1",
      [owner.user.id],
      2,
    );
    expect(changes.map((entry) => entry.action)).toEqual(['team.role-change', 'team.remove']);
    // Billing hears the removal: the former member's own billing answers again.
    await eventually(async () => (await asMember('GET', '/api/billing/account')).status === 200);
  });
});

describe("a campaign's reach estimate", () => {
  // A spot in the open sea: no other test's requests land in its cell.
  const spot = { targetLatitude: -47.25, targetLongitude: -120.35, radiusKm: 5 };

  it('when the input is incomplete, then it is a 400 with the reason', async () => {
    const half = await caller(stack, alice)<ErrorBody>('POST', '/api/campaigns/reach-estimate', {
      targetLatitude: 1,
      costPerClickE4: 5000,
    });
    expect(half.status).toBe(400);
    expect(half.body.errors?.[0]?.message).toBe('A target area needs a latitude, a longitude and a radius');
  });

  it("when the area's requests are counted, then the estimate reads them, and too few say so", async () => {
    const estimate = () =>
      caller(stack, alice)<ReachEstimate>('POST', '/api/campaigns/reach-estimate', {
        ...spot,
        costPerClickE4: 5000,
        dailyBudgetE4: 1_000_000,
      });
    expect((await estimate()).body).toEqual({ enough: false, basis: 'area' });

    // Served or unfilled, each ad request at the spot is counted in its area's cell of the day.
    for (let i = 0; i < 3; i += 1) {
      const asked = await fetch(
        `${stack.baseUrl}/api/ads?placement=home-page&latitude=${spot.targetLatitude}&longitude=${spot.targetLongitude}`,
      );
      expect([200, 204]).toContain(asked.status);
    }
    const counted = async () => {
      const [row] = await stack.ad.db.query<{ requests: number }>(
        'SELECT requests FROM ad_request_counts WHERE cell_lat = -473 AND cell_lng = -1204',
      );
      return row?.requests ?? 0;
    };
    await eventually(async () => (await counted()) === 3);

    // Four weeks of 500 requests a day there, none of them filled.
    await stack.ad.db.query(
      `INSERT INTO ad_request_counts (day, cell_lat, cell_lng, requests, filled)
       SELECT current_date - n, -473, -1204, 500, 0 FROM generate_series(1, 27) AS n`,
    );
    const known = await estimate();
    expect(known.status).toBe(200);
    expect(known.body).toMatchObject({ enough: true, basis: 'area', limitedByBudget: false });
    if (known.body.enough) {
      expect(known.body.impressions.high).toBe(500);
      expect(known.body.impressions.low).toBeLessThanOrEqual(500);
      expect(known.body.clicks.high).toBeGreaterThan(0);
      expect(known.body.suggestedDailyBudget).toBeGreaterThanOrEqual(1);
    }
  });
});
