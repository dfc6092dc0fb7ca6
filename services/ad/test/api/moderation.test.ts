import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvertiserNoticeList, AuditPage, Campaign, ModerationQueueItem } from '@laundry/contracts';
import { eventually } from '../../../../test/support/servers.ts';
import { mailedLink } from '../../../../test/support/session.ts';
import {
  signUp,
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

describe('creatives under review', () => {
  it('when an approved campaign gets a creative a person must check, then it waits beside the approved content, numbered, until approved', async () => {
    const { body: campaign } = await create(safeCampaign);
    expect(campaign.moderationStatus).toBe('approved');
    const risky = {
      title: 'Casino night drying deals',
      description: '',
      imageUrl: '',
      targetUrl: safeCampaign.targetUrl,
    };
    const edited = await caller(stack, alice)<Campaign>('PUT', `/api/campaigns/${campaign.id}`, {
      ...safeCampaign,
      creatives: [risky],
    });
    expect(edited.status).toBe(200);
    // The approved version keeps serving without the new creative; the change waits with its finding,
    // which names the creative it is about.
    expect(edited.body).toMatchObject({
      moderationStatus: 'approved',
      creatives: [],
      pendingChange: {
        status: 'pending',
        creatives: [{ title: risky.title }],
        findings: [{ field: 'title', creative: 1, code: 'prohibitedTerm' }],
      },
    });
    const item = await pendingItemFor(campaign.id);
    expect(item.creatives).toMatchObject([{ title: risky.title }]);

    expect((await decide(item.reviewId, { decision: 'approve' })).status).toBe(200);
    const read = await caller(stack, alice)<Campaign>('GET', `/api/campaigns/${campaign.id}`);
    expect(read.body).toMatchObject({ pendingChange: null, creatives: [{ title: risky.title }] });
    // The creative keeps the id it was reviewed under: its counts follow it.
    expect(read.body.creatives[0]!.id).toBe(edited.body.pendingChange!.creatives[0]!.id);
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

describe('what the advertiser is told', () => {
  interface SentMail {
    subject: string;
    text: string;
    html: string;
  }
  const mailsTo = (email: string) =>
    stack.identityDb.query<SentMail>(
      // Notifications only (they carry the unsubscribe link), not the sign-up mail.
      `SELECT subject, text_body AS text, html_body AS html FROM mail_outbox
       WHERE recipient = $1 AND text_body LIKE '%/api/notifications/unsubscribe?%' ORDER BY created_at`,
      [email.toLowerCase()],
    );
  const notices = (session: Session) =>
    caller(stack, session)<AdvertiserNoticeList>('GET', '/api/advertisers/me/notices');
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    let value = await read();
    await eventually(async () => done((value = await read())));
    return value;
  }

  it('when a campaign is held and then approved, then each is one notice and one mail in their language, with the findings', async () => {
    const bob = await newAdvertiser(stack);
    await stack.identityDb.query(`UPDATE users SET language = 'fr' WHERE id = $1`, [bob.user.id]);
    const { body: campaign } = await caller(stack, bob)<Campaign>('POST', '/api/campaigns', riskyCampaign);
    const review = await pendingItemFor(campaign.id);

    const held = await until(
      () => notices(bob),
      ({ body }) => body.notices.length > 0,
    );
    expect(held.body.notices.map((notice) => [notice.id, notice.kind])).toEqual([
      [`campaign-held:${campaign.id}:${review.reviewId}`, 'campaign-held'],
    ]);
    expect(held.body.notices[0]!.findings.map((finding) => finding.code)).toContain('shortener');
    const [heldMail] = await until(
      () => mailsTo(bob.user.email),
      (mails) => mails.length > 0,
    );
    expect(heldMail!.subject).toBe(`« ${riskyCampaign.title} » attend une vérification`);
    // The finding in French, with what it names.
    expect(heldMail!.text).toContain('Le lien est raccourci (bit.ly)');

    expect((await decide(review.reviewId, { decision: 'approve' })).status).toBe(200);
    const both = await until(
      () => notices(bob),
      ({ body }) => body.notices.length === 2,
    );
    expect(both.body.notices.map((notice) => notice.kind)).toEqual(['campaign-approved', 'campaign-held']);
    const mails = await until(
      () => mailsTo(bob.user.email),
      (sent) => sent.length === 2,
    );
    expect(mails[1]!.subject).toBe(`« ${riskyCampaign.title} » est approuvée`);
    const relayed = await stack.identityDb.query<{ mailId: string }>(
      `SELECT mail_id AS "mailId" FROM relayed_mails WHERE user_id = $1 ORDER BY mail_id`,
      [bob.user.id],
    );
    expect(relayed.map((row) => row.mailId)).toEqual([
      `advertiser-notice:campaign-approved:${campaign.id}:${review.reviewId}`,
      `advertiser-notice:campaign-held:${campaign.id}:${review.reviewId}`,
    ]);

    // Dismissed, it leaves the dashboard; another's notice cannot be dismissed (404, nothing changes).
    const approvedId = both.body.notices[0]!.id;
    const byAlice = await caller(stack, alice)('POST', `/api/advertisers/me/notices/${approvedId}/dismiss`);
    expect(byAlice.status).toBe(404);
    const dismissed = await caller(stack, bob)('POST', `/api/advertisers/me/notices/${approvedId}/dismiss`);
    expect(dismissed.status).toBe(204);
    expect((await notices(bob)).body.notices.map((notice) => notice.kind)).toEqual(['campaign-held']);
  });

  it("when the owner has colleagues, then each reads the account's notices their role covers and dismisses them for themselves", async () => {
    const owner = await newAdvertiser(stack);
    const asOwner = caller(stack, owner);
    async function colleague(role: 'manager' | 'viewer') {
      const email = `${role}-${Date.now().toString(36)}@example.test`;
      const invited = await asOwner('POST', '/api/advertisers/me/team/invitations', { email, role });
      expect(invited.status).toBe(201);
      const link = await mailedLink(stack.baseUrl, email, '/advertiser/team');
      const person = await signUp(stack.baseUrl, email);
      const token = new URL(link, stack.baseUrl).searchParams.get('invitation');
      expect((await caller(stack, person)('POST', '/api/advertisers/team/accept', { token })).status).toBe(
        200,
      );
      return person;
    }
    const [manager, viewer] = [await colleague('manager'), await colleague('viewer')];

    const { body: campaign } = await asOwner<Campaign>('POST', '/api/campaigns', riskyCampaign);
    await until(
      () => notices(owner),
      ({ body }) => body.notices.length === 1,
    );
    // Billing's and the verification's notices reach the owner as any notice does (the stored event).
    const [row] = await stack.ad.db.query<{ advertiserId: string }>(
      'SELECT advertiser_id AS "advertiserId" FROM campaigns WHERE id = $1',
      [campaign.id],
    );
    const advertiserId = row!.advertiserId;
    for (const [kind, minutesAgo] of [
      ['verification-approved', 2],
      ['charge-failed', 1],
    ] as const) {
      const occurredAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
      await stack.ad.db.query(
        `INSERT INTO advertiser_notices (notice_id, user_id, advertiser_id, kind, data, occurred_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          `${kind}:${advertiserId}`,
          owner.user.id,
          advertiserId,
          kind,
          JSON.stringify({ kind, advertiserId, userId: owner.user.id, occurredAt }),
          occurredAt,
        ],
      );
    }
    const kinds = async (session: Session) =>
      (await notices(session)).body.notices.map((notice) => notice.kind);
    expect(await kinds(owner)).toEqual(['campaign-held', 'charge-failed', 'verification-approved']);
    // Billing is the owner's alone; the verification is a manager's business too; a viewer reads the campaigns.
    expect(await kinds(manager)).toEqual(['campaign-held', 'verification-approved']);
    expect(await kinds(viewer)).toEqual(['campaign-held']);

    // A colleague's dismissal is theirs: the others still see the notice. Twice is no error.
    const heldId = (await notices(viewer)).body.notices[0]!.id;
    const dismiss = (session: Session, id: string) =>
      caller(stack, session)('POST', `/api/advertisers/me/notices/${id}/dismiss`);
    expect((await dismiss(viewer, heldId)).status).toBe(204);
    expect((await dismiss(viewer, heldId)).status).toBe(204);
    expect(await kinds(viewer)).toEqual([]);
    expect(await kinds(manager)).toEqual(['campaign-held', 'verification-approved']);
    expect(await kinds(owner)).toEqual(['campaign-held', 'charge-failed', 'verification-approved']);
    // A notice their role does not cover, or another account's, is not found, and nothing is stored.
    expect((await dismiss(viewer, `charge-failed:${advertiserId}`)).status).toBe(404);
    expect((await dismiss(manager, `campaign-held:${campaign.id}:none`)).status).toBe(404);
    const stored = await stack.ad.db.query<{ userId: string; noticeId: string }>(
      `SELECT user_id AS "userId", notice_id AS "noticeId" FROM advertiser_notice_dismissals
       WHERE user_id = ANY($1::uuid[])`,
      [[manager.user.id, viewer.user.id]],
    );
    expect(stored).toEqual([{ userId: viewer.user.id, noticeId: heldId }]);
    expect((await dismiss(owner, heldId)).status).toBe(204);
    expect(await kinds(owner)).toEqual(['charge-failed', 'verification-approved']);
    expect(await kinds(manager)).toEqual(['campaign-held', 'verification-approved']);
  });

  it("when the mail's unsubscribe link is followed, then that type is off: the next decision is on the dashboard but not mailed", async () => {
    const carol = await newAdvertiser(stack);
    const { body: campaign } = await caller(stack, carol)<Campaign>('POST', '/api/campaigns', riskyCampaign);
    const review = await pendingItemFor(campaign.id);
    const [heldMail] = await until(
      () => mailsTo(carol.user.email),
      (mails) => mails.length > 0,
    );
    const link = /\/api\/notifications\/unsubscribe\?token=[A-Za-z0-9_.-]+/.exec(
      `${heldMail!.text} ${heldMail!.html}`,
    )?.[0];
    expect(link).toBeDefined();
    const posted = await fetch(`${stack.baseUrl}${link}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);

    expect(
      (await decide(review.reviewId, { decision: 'reject', reason: 'Gambling is not advertised here' }))
        .status,
    ).toBe(200);
    const both = await until(
      () => notices(carol),
      ({ body }) => body.notices.length === 2,
    );
    expect(both.body.notices[0]).toMatchObject({
      kind: 'campaign-rejected',
      reason: 'Gambling is not advertised here',
    });
    // Identity hears the same event; it takes no mail for a type turned off.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsTo(carol.user.email)).toHaveLength(1);
    const relayed = await stack.identityDb.query(`SELECT mail_id FROM relayed_mails WHERE user_id = $1`, [
      carol.user.id,
    ]);
    expect(relayed).toHaveLength(1);
  });
});
