import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, Campaign, ModerationQueueItem } from '@laundry/contracts';
import {
  signUpAdmin,
  auditEntries,
  caller,
  newAdvertiser,
  safeCampaign,
  startAdStack,
  type ErrorBody,
  type Session,
  type TestStack,
} from '../support/ad-stack.ts';

let stack: TestStack;
let alice: Session;
let admin: Session;

beforeAll(async () => {
  stack = await startAdStack({ MODERATION_PROHIBITED_TERMS: 'timeshare', UNVERIFIED_SPENDING_CAP: '100000' });
  [alice, admin] = await Promise.all([newAdvertiser(stack), signUpAdmin(stack)]);
});

afterAll(() => stack?.stop());

/** Insecure, shortened, off-domain: the automatic check sends it to an admin. */
const riskyCampaign = {
  ...safeCampaign,
  title: 'Win at the casino tonight',
  targetUrl: 'http://bit.ly/xyz',
};

const create = (body: unknown) => caller(stack, alice)<Campaign>('POST', '/api/campaigns', body);
const queue = (status = 'pending', session = admin) =>
  caller(stack, session)<ModerationQueueItem[] & ErrorBody>('GET', `/api/admin/moderation?status=${status}`);
const decide = (reviewId: string, body: unknown, session = admin) =>
  caller(stack, session)<ModerationQueueItem & ErrorBody>('POST', `/api/admin/moderation/${reviewId}`, body);

async function pendingItemFor(campaignId: string): Promise<ModerationQueueItem> {
  const item = (await queue()).body.find((entry) => entry.campaignId === campaignId);
  expect(item).toBeDefined();
  return item!;
}

describe('automatic moderation', () => {
  it('when the content is low risk, then it is approved at once and never waits in the queue', async () => {
    const { body } = await create(safeCampaign);
    expect(body.moderationStatus).toBe('approved');
    expect((await queue()).body.map((item) => item.campaignId)).not.toContain(body.id);
    const [review] = await stack.ad.db.query<{ autoModerated: boolean; riskScore: number }>(
      'SELECT auto_moderated AS "autoModerated", risk_score AS "riskScore" FROM moderation_reviews WHERE campaign_id = $1',
      [body.id],
    );
    expect(review).toEqual({ autoModerated: true, riskScore: 0 });
  });

  it('when the content is risky, then it waits with every finding listed, and the advertiser sees it is pending', async () => {
    const { body } = await create(riskyCampaign);
    expect(body).toMatchObject({ status: 'active', moderationStatus: 'pending' });
    const item = await pendingItemFor(body.id);
    expect(item).toMatchObject({
      businessName: 'Bright Suds Laundromat',
      reviewType: 'new',
      status: 'pending',
    });
    expect(item.flaggedContent.map((f) => f.reason)).toEqual(
      expect.arrayContaining([
        'The link does not use https',
        'The link is shortened (bit.ly)',
        "Contains the prohibited term 'casino'",
        "The link goes to bit.ly, not to the advertiser's website (brightsuds.example)",
      ]),
    );
    expect(item.riskScore).toBe(item.flaggedContent.reduce((sum, f) => sum + f.points, 0));
  });

  it('when a term is added in the settings, then it is flagged too', async () => {
    const { body } = await create({ ...safeCampaign, description: 'Ask about our Timeshare deals' });
    expect(body.moderationStatus).toBe('pending');
  });

  it('when the link carries a password or look-alike letters, then it waits for an admin; an IP host is refused outright', async () => {
    const { body } = await create({
      ...safeCampaign,
      targetUrl: 'https://user:secret@brightsuds.example/offer',
    });
    expect(body.moderationStatus).toBe('pending');
    expect((await pendingItemFor(body.id)).flaggedContent.map((f) => f.reason)).toEqual([
      'The link carries a user name or password',
    ]);
    const lookAlike = await create({ ...safeCampaign, imageUrl: 'https://xn--brghtsuds-d4a.example/ad.png' });
    expect(lookAlike.body.moderationStatus).toBe('pending');

    const ip = await caller(stack, alice)<ErrorBody>('POST', '/api/campaigns', {
      ...safeCampaign,
      targetUrl: 'https://203.0.113.9/offer',
    });
    expect(ip.status).toBe(400);
    expect(ip.body.errors![0]).toEqual({ path: 'targetUrl', message: 'Please enter a valid URL' });
  });
});

describe("an admin's decisions", () => {
  it('when the admin approves, then the campaign is approved and the decision is audited', async () => {
    const { body: campaign } = await create(riskyCampaign);
    const item = await pendingItemFor(campaign.id);
    const approved = await decide(item.reviewId, { decision: 'approve', notes: 'Known brand' });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    const read = await caller(stack, alice)<Campaign>('GET', `/api/campaigns/${campaign.id}`);
    expect(read.body).toMatchObject({ moderationStatus: 'approved', moderationNote: null });

    const again = await decide(item.reviewId, { decision: 'reject', reason: 'Too late' });
    expect(again.status).toBe(409);

    const [entry] = await auditEntries(stack, "resource_id = $1 AND action = 'moderation.approve'", [
      campaign.id,
    ]);
    expect(entry).toMatchObject({
      userId: admin.user.id,
      status: 'success',
      oldData: expect.objectContaining({ moderationStatus: 'pending' }),
      newData: expect.objectContaining({ moderationStatus: 'approved' }),
    });
  });

  it('when the admin rejects, then the reason is required and the advertiser sees it', async () => {
    const { body: campaign } = await create(riskyCampaign);
    const item = await pendingItemFor(campaign.id);
    const noReason = await decide(item.reviewId, { decision: 'reject', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors![0]!.message).toBe('A reason for the rejection is required');
    expect(
      (await decide(item.reviewId, { decision: 'reject', reason: 'Gambling ads are not allowed' })).status,
    ).toBe(200);
    const read = await caller(stack, alice)<Campaign>('GET', `/api/campaigns/${campaign.id}`);
    expect(read.body).toMatchObject({
      moderationStatus: 'rejected',
      moderationNote: 'Gambling ads are not allowed',
    });
  });

  it('when changes are requested, then the advertiser sees why and may edit, and the edit is reviewed again', async () => {
    const { body: campaign } = await create(riskyCampaign);
    const edit = (body: unknown) =>
      caller(stack, alice)<Campaign & ErrorBody>('PUT', `/api/campaigns/${campaign.id}`, body);

    // A budget change while it waits is applied without touching the review.
    const whileWaiting = await edit({ ...riskyCampaign, dailyBudget: 20 });
    expect(whileWaiting.status).toBe(200);
    expect(whileWaiting.body).toMatchObject({
      moderationStatus: 'pending',
      dailyBudget: 20,
      pendingChange: null,
    });
    expect(whileWaiting.body.reviewFindings.map((finding) => finding.code)).toContain('prohibitedTerm');

    const item = await pendingItemFor(campaign.id);
    await decide(item.reviewId, { decision: 'request_changes', reason: 'Use https and your own domain' });
    expect((await caller(stack, alice)<Campaign>('GET', `/api/campaigns/${campaign.id}`)).body).toMatchObject(
      {
        moderationStatus: 'changes_requested',
        moderationNote: 'Use https and your own domain',
      },
    );

    const fixed = await edit(safeCampaign);
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ moderationStatus: 'approved', moderationNote: null });
  });

  it('when the decision is unknown, the review unknown or the id malformed, then it is 400 / 404 and nothing changes', async () => {
    const { body: campaign } = await create(riskyCampaign);
    const item = await pendingItemFor(campaign.id);
    expect((await decide(item.reviewId, { decision: 'maybe' })).status).toBe(400);
    expect((await decide('6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab', { decision: 'approve' })).status).toBe(404);
    expect((await decide('nope', { decision: 'approve' })).status).toBe(404);
    expect((await pendingItemFor(campaign.id)).status).toBe('pending');
  });
});

describe('who may moderate', () => {
  it('when a signed-in non-admin asks, then it is 403, nothing changes, and the attempt is in the audit log', async () => {
    const { body: campaign } = await create(riskyCampaign);
    const item = await pendingItemFor(campaign.id);
    expect((await queue('pending', alice)).status).toBe(403);
    const refused = await decide(item.reviewId, { decision: 'approve' }, alice);
    expect(refused.status).toBe(403);
    expect((await pendingItemFor(campaign.id)).status).toBe('pending');
    const [entry] = await auditEntries(stack, "user_id = $1 AND action = 'moderation.approve'", [
      alice.user.id,
    ]);
    expect(entry).toMatchObject({
      status: 'failure',
      errorMessage: 'You do not have permission to do this.',
    });
    expect((await caller(stack, alice)('GET', '/api/admin/audit')).status).toBe(403);
  });

  it('when nobody is signed in, then it is 401', async () => {
    expect((await caller(stack)('GET', '/api/admin/moderation')).status).toBe(401);
    expect((await caller(stack)('GET', '/api/admin/audit')).status).toBe(401);
  });
});

describe('the audit log search', () => {
  it('when an admin filters by resource, status and words, then only matching entries come, newest first, a page at a time', async () => {
    const { body: campaign } = await create(safeCampaign);
    await caller(stack, alice)('POST', `/api/campaigns/${campaign.id}/status`, { status: 'paused' });
    await caller(stack, alice)('POST', `/api/campaigns/${campaign.id}/status`, { status: 'active' });
    await auditEntries(stack, 'resource_id = $1', [campaign.id], 3);

    const search = (query: string) =>
      caller(stack, admin)<AuditPage & ErrorBody>('GET', `/api/admin/audit?${query}`);
    const first = await search(`resourceId=${campaign.id}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.entries.map((e) => e.action)).toEqual(['campaign.activate', 'campaign.pause']);
    expect(first.body.nextBefore).not.toBeNull();
    const second = await search(
      `resourceId=${campaign.id}&limit=2&before=${encodeURIComponent(first.body.nextBefore!)}`,
    );
    expect(second.body.entries.map((e) => e.action)).toEqual(['campaign.create']);
    expect(second.body.nextBefore).toBeNull();

    const failures = await search('status=failure&q=permission');
    expect(failures.body.entries.length).toBeGreaterThan(0);
    expect(failures.body.entries.every((e) => e.status === 'failure')).toBe(true);

    expect((await search('before=garbage')).status).toBe(400);
    expect((await search('limit=0')).status).toBe(400);
    expect((await search('sneaky=1')).status).toBe(400);
  });

  it('when anyone tries to change or delete an entry in the database, then it is refused', async () => {
    await expect(stack.ad.db.query("UPDATE audit_log SET action = 'forged'")).rejects.toThrow(/append-only/);
    await expect(stack.ad.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});
