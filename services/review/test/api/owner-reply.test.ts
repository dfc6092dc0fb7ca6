import { randomUUID } from 'node:crypto';
import { laundromatOwnerHandlers } from '@laundry/platform/bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  laundromatOwnerReleasedV1,
  laundromatOwnerVerifiedV1,
  personalDataSchema,
  reviewOwnerRepliedV1,
  type AdminReviewReport,
  type PublicReview,
  type ReviewAbuseReport,
} from '@laundry/contracts';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import { eventually, silentLogger } from '../../../../test/support/servers.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import { createPersonalDataRepository } from '../../src/infra/personal-data-repository.ts';
import { collectPersonalData } from '../../src/domain/personal-data.ts';
import {
  insertLaundromatsFor,
  postReview,
  startReviewStack,
  type TestStack,
} from '../support/review-stack.ts';

let stack: TestStack;
let reviewer: Session;
let owner: Session;
let stranger: Session;
let admin: Session;
let laundromatId: string;
let otherLaundromatId: string;
let verified: ReturnType<typeof laundromatOwnerHandlers>['verified'];
let released: ReturnType<typeof laundromatOwnerHandlers>['released'];
const unknownReviewId = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, seconds)).toISOString();
const verifiedEvent = (id: string, ownerUserId: string, claimId: string, second: number) =>
  createEvent(laundromatOwnerVerifiedV1, 'owner', {
    laundromatId: id,
    claimId,
    ownerUserId,
    method: 'document',
    verifiedAt: at(second),
  });

const reply = (session: Session | undefined, reviewId: string, body: unknown) =>
  apiClient(stack.baseUrl, session)(`/api/reviews/${reviewId}/reply`, { method: 'PUT', body });
const unreply = (session: Session | undefined, reviewId: string) =>
  apiClient(stack.baseUrl, session)(`/api/reviews/${reviewId}/reply`, { method: 'DELETE' });

async function listed(id: string): Promise<PublicReview[]> {
  const response = await apiClient(stack.baseUrl)(`/api/laundromats/${id}/reviews`);
  expect(response.status).toBe(200);
  return (await response.json()) as PublicReview[];
}

/** The reviewer's first review through the API; the others straight in (one review a day each). */
async function newReview(id = laundromatId, authorId = reviewer.user.id): Promise<string> {
  const [row] = await stack.review.db.query<{ id: string }>(
    `INSERT INTO reviews (laundromat_id, user_id, overall_rating, review_text, created_at, review_day)
     VALUES ($1, $2, 2, 'Dirty floor.', now() - random() * interval '300 days', '2000-01-01'::date
             + (random() * 100000)::int) RETURNING id`,
    [id, authorId],
  );
  return row!.id;
}

const storedReply = async (reviewId: string) => {
  const [row] = await stack.review.db.query<{ text: string | null }>(
    'SELECT owner_reply_text AS text FROM reviews WHERE id = $1',
    [reviewId],
  );
  return row?.text ?? null;
};

const auditOf = (reviewId: string) =>
  stack.review.db.query<{ action: string; userId: string }>(
    `SELECT envelope->'data'->>'action' AS action, envelope->'data'->>'userId' AS "userId"
     FROM outbox WHERE type = 'audit.recorded.v1' AND envelope->'data'->>'resourceId' = $1
     ORDER BY created_at, id`,
    [reviewId],
  );

beforeAll(async () => {
  stack = await startReviewStack();
  [reviewer, owner, stranger] = await Promise.all([
    signUp(stack.baseUrl),
    signUp(stack.baseUrl),
    signUp(stack.baseUrl),
  ]);
  admin = await signUpAdmin(stack);
  [laundromatId, otherLaundromatId] = (await insertLaundromatsFor(stack, [
    { name: 'Replied Suds' },
    { name: 'Unowned Spin' },
  ])) as [string, string];
  ({ verified, released } = laundromatOwnerHandlers({
    db: stack.review.db,
    logger: silentLogger,
    service: 'review',
  }));
  await verified(verifiedEvent(laundromatId, owner.user.id, randomUUID(), 1));
});

afterAll(() => stack?.stop());

describe("the verified owner's reply to a review", () => {
  it('when the owner replies, edits and removes it, then every answer shows each state, audited', async () => {
    const posted = await postReview(stack, reviewer, laundromatId, { overallRating: 2 });
    expect(posted.status).toBe(201);
    const postedBody = (await posted.json()) as PublicReview;
    expect(postedBody.ownerReply).toBeNull();
    const reviewId = postedBody.id;
    expect((await listed(laundromatId)).find((r) => r.id === reviewId)?.ownerReply).toBeNull();

    const first = await reply(owner, reviewId, { text: '  Sorry, we mop twice a day now.  ' });
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as PublicReview;
    expect(firstBody.ownerReply).toMatchObject({ text: 'Sorry, we mop twice a day now.' });
    expect(firstBody.ownerReply!.repliedAt).toBe(firstBody.ownerReply!.updatedAt);
    expect((await listed(laundromatId)).find((r) => r.id === reviewId)?.ownerReply).toEqual(
      firstBody.ownerReply,
    );

    const edited = await reply(owner, reviewId, { text: 'We mop every hour now.' });
    expect(edited.status).toBe(200);
    const editedReply = ((await edited.json()) as PublicReview).ownerReply!;
    expect(editedReply.text).toBe('We mop every hour now.');
    expect(editedReply.repliedAt).toBe(firstBody.ownerReply!.repliedAt);
    expect(Date.parse(editedReply.updatedAt)).toBeGreaterThanOrEqual(Date.parse(editedReply.repliedAt));

    const removed = await unreply(owner, reviewId);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as PublicReview).ownerReply).toBeNull();
    expect((await listed(laundromatId)).find((r) => r.id === reviewId)?.ownerReply).toBeNull();

    expect(await auditOf(reviewId)).toEqual([
      { action: 'review.reply.create', userId: owner.user.id },
      { action: 'review.reply.update', userId: owner.user.id },
      { action: 'review.reply.delete', userId: owner.user.id },
    ]);
  });

  it('when an admin replies, then it is allowed', async () => {
    const reviewId = await newReview(otherLaundromatId);
    const response = await reply(admin, reviewId, { text: 'Noted by the team.' });
    expect(response.status).toBe(200);
    expect(await storedReply(reviewId)).toBe('Noted by the team.');
  });
});

describe('a reply when it is refused', () => {
  it('when a stranger, the reviewer or an owner of another laundromat replies, then 403 and nothing changes', async () => {
    const reviewId = await newReview(otherLaundromatId, stranger.user.id);
    for (const who of [stranger, reviewer, owner]) {
      expect((await reply(who, reviewId, { text: 'Not mine to answer.' })).status).toBe(403);
      expect((await unreply(who, reviewId)).status).toBe(403);
    }
    expect(await storedReply(reviewId)).toBeNull();
    expect(await auditOf(reviewId)).toEqual([]);
  });

  it('when the owner is released, then their reply is refused and the existing one stays', async () => {
    const id = (await insertLaundromatsFor(stack, [{ name: 'Given Up Wash' }]))[0]!;
    const claimId = randomUUID();
    await verified(verifiedEvent(id, owner.user.id, claimId, 10));
    const reviewId = await newReview(id);
    expect((await reply(owner, reviewId, { text: 'Thanks!' })).status).toBe(200);
    await released(
      createEvent(laundromatOwnerReleasedV1, 'owner', {
        laundromatId: id,
        claimId,
        reason: 'given-up',
        releasedAt: at(20),
      }),
    );
    expect((await reply(owner, reviewId, { text: 'Changed.' })).status).toBe(403);
    expect(await storedReply(reviewId)).toBe('Thanks!');
  });

  it('when nobody is signed in, then 401', async () => {
    const reviewId = await newReview();
    expect((await reply(undefined, reviewId, { text: 'Hello' })).status).toBe(401);
  });

  it('when the text is empty, blank, too long or missing, then 400 and nothing changes', async () => {
    const reviewId = await newReview();
    for (const body of [{ text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }, {}, { text: 5 }]) {
      expect((await reply(owner, reviewId, body)).status).toBe(400);
    }
    expect(await storedReply(reviewId)).toBeNull();
  });

  it('when the review is unknown or its id malformed, then 404', async () => {
    expect((await reply(owner, unknownReviewId, { text: 'Hello' })).status).toBe(404);
    expect((await reply(owner, 'not-an-id', { text: 'Hello' })).status).toBe(404);
    expect((await unreply(owner, unknownReviewId)).status).toBe(404);
  });

  it('when the owner tries to delete the review itself, then it is refused and the review stays', async () => {
    const reviewId = await newReview();
    const response = await apiClient(stack.baseUrl, owner)(`/api/reviews/${reviewId}`, { method: 'DELETE' });
    expect([403, 404, 405]).toContain(response.status);
    expect((await listed(laundromatId)).some((r) => r.id === reviewId)).toBe(true);
  });
});

describe('the owner from the owner service events', () => {
  it('when the verification is delivered twice or an older one arrives late, then the owner stays', async () => {
    const id = (await insertLaundromatsFor(stack, [{ name: 'Twice Told' }]))[0]!;
    const event = verifiedEvent(id, owner.user.id, randomUUID(), 30);
    await verified(event);
    await verified(event);
    await verified(verifiedEvent(id, stranger.user.id, randomUUID(), 5));
    const rows = await stack.review.db.query<{ ownerUserId: string }>(
      'SELECT owner_user_id AS "ownerUserId" FROM laundromat_owners WHERE laundromat_id = $1',
      [id],
    );
    expect(rows).toEqual([{ ownerUserId: owner.user.id }]);
  });
});

describe("the owner's replies as their personal data", () => {
  it('when the owner asks for their data, then it has their replies; when erased, they go', async () => {
    const store = createPersonalDataRepository(stack.review.db);
    const id = (await insertLaundromatsFor(stack, [{ name: 'Personal Wash' }]))[0]!;
    const person = randomUUID();
    await verified(verifiedEvent(id, person, randomUUID(), 40));
    const reviewId = await newReview(id);
    await stack.review.db.query(
      `UPDATE reviews SET owner_reply_text = 'Mine.', owner_reply_user_id = $2, owner_replied_at = now(),
              owner_reply_updated_at = now() WHERE id = $1`,
      [reviewId, person],
    );

    const data = await collectPersonalData(store, person);
    // The gateway refuses an answer outside the contract (part names are archive file names).
    expect(personalDataSchema.parse(data).parts).toHaveProperty('owner-replies');
    expect(data.parts['owner-replies']).toEqual([expect.objectContaining({ reviewId, text: 'Mine.' })]);

    expect(await stack.review.db.tx((tx) => store.eraseOwnerReplies(tx, person))).toBe(1);
    expect(await storedReply(reviewId)).toBeNull();
    expect((await collectPersonalData(store, person)).parts['owner-replies']).toEqual([]);
  });
});

describe("the reviewer's mail about the owner's reply", () => {
  it('when the owner replies and then edits the reply, then the reviewer gets one mail, in their language', async () => {
    const id = (await insertLaundromatsFor(stack, [{ name: 'Correo Suds' }]))[0]!;
    await verified(verifiedEvent(id, owner.user.id, randomUUID(), 50));
    const author = await signUp(stack.baseUrl);
    await stack.identityDb.query(`UPDATE users SET language = 'es' WHERE id = $1`, [author.user.id]);
    const posted = await postReview(stack, author, id, { overallRating: 3, reviewText: 'Cold water.' });
    const reviewId = ((await posted.json()) as PublicReview).id;

    expect((await reply(owner, reviewId, { text: 'The boiler is fixed.' })).status).toBe(200);
    expect((await reply(owner, reviewId, { text: 'The boiler is fixed since Monday.' })).status).toBe(200);

    const mails = () =>
      stack.identityDb.query<{ subject: string; text: string; html: string }>(
        `SELECT subject, text_body AS text, html_body AS html FROM mail_outbox WHERE recipient = $1`,
        [author.user.email],
      );
    await eventually(async () => (await mails()).some((mail) => mail.subject.includes('Correo Suds')));
    // The edit published nothing: only the first reply is announced.
    const [announced] = await stack.review.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE type = $1 AND envelope->'data'->>'reviewId' = $2`,
      [reviewOwnerRepliedV1, reviewId],
    );
    expect(announced!.n).toBe(1);
    const replyMails = (await mails()).filter((mail) => mail.subject.includes('Correo Suds'));
    expect(replyMails).toHaveLength(1);
    expect(replyMails[0]!.subject).toBe('Correo Suds respondió a tu reseña');
    expect(replyMails[0]!.text).toContain('«The boiler is fixed.»');
    expect(replyMails[0]!.text).toContain(`/?l=${id}`);
    // A notification: its footer says why it came and links to turning it off.
    expect(replyMails[0]!.text).toContain('/api/notifications/unsubscribe?token=');
  });
});

describe("the verified owner's report of an abusive review", () => {
  const report = (session: Session | undefined, reviewId: string, body: unknown) =>
    apiClient(stack.baseUrl, session)(`/api/reviews/${reviewId}/abuse-reports`, { method: 'POST', body });
  const openReports = async (session: Session) =>
    apiClient(stack.baseUrl, session)('/api/admin/review-reports');
  const decide = (session: Session, reportId: string, body: unknown) =>
    apiClient(stack.baseUrl, session)(`/api/admin/review-reports/${reportId}/decision`, {
      method: 'POST',
      body,
    });
  const storedReports = async (reviewId: string) =>
    stack.review.db.query<{ status: string }>(
      'SELECT status FROM review_abuse_reports WHERE review_id = $1',
      [reviewId],
    );

  it('when the owner reports and an admin removes the review, then it leaves the public list, all audited', async () => {
    const reviewId = await newReview();
    const created = await report(owner, reviewId, { reason: 'offensive', note: '  Insults my staff.  ' });
    expect(created.status).toBe(201);
    const body = (await created.json()) as ReviewAbuseReport;
    expect(body).toMatchObject({ reviewId, reason: 'offensive', note: 'Insults my staff.', status: 'open' });
    // One open report per review and owner.
    expect((await report(owner, reviewId, { reason: 'spam' })).status).toBe(409);
    // The owner still cannot hide it: it is listed until an admin decides.
    expect((await listed(laundromatId)).some((r) => r.id === reviewId)).toBe(true);

    expect((await openReports(owner)).status).toBe(403);
    const queue = (await (await openReports(admin)).json()) as AdminReviewReport[];
    expect(queue.find((r) => r.id === body.id)).toMatchObject({
      laundromatName: 'Replied Suds',
      note: 'Insults my staff.',
      review: { id: reviewId, reviewText: 'Dirty floor.' },
    });

    const decided = await decide(admin, body.id, { decision: 'remove', reason: 'Abuse of staff.' });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toMatchObject({ status: 'removed', decisionReason: 'Abuse of staff.' });
    expect((await listed(laundromatId)).some((r) => r.id === reviewId)).toBe(false);
    expect(
      ((await (await openReports(admin)).json()) as AdminReviewReport[]).some((r) => r.id === body.id),
    ).toBe(false);
    expect((await decide(admin, body.id, { decision: 'keep', reason: 'Second thoughts.' })).status).toBe(409);
    // A removed review is gone for everyone: nothing more to report.
    expect((await report(owner, reviewId, { reason: 'spam' })).status).toBe(404);

    expect(await auditOf(reviewId)).toEqual([
      { action: 'review.abuse-report.create', userId: owner.user.id },
      { action: 'review.abuse-report.remove', userId: admin.user.id },
    ]);
  });

  it('when an admin keeps the review, then it stays listed and the owner may report it again', async () => {
    const reviewId = await newReview();
    const created = (await (await report(owner, reviewId, { reason: 'false-information' })).json()) as {
      id: string;
    };
    expect((await decide(admin, created.id, { decision: 'keep', reason: 'An honest opinion.' })).status).toBe(
      200,
    );
    expect((await listed(laundromatId)).some((r) => r.id === reviewId)).toBe(true);
    expect((await report(owner, reviewId, { reason: 'other', note: 'New facts.' })).status).toBe(201);
  });

  it('when a stranger, the reviewer or an admin reports, then 403 and nothing is stored', async () => {
    const reviewId = await newReview();
    for (const who of [stranger, reviewer, admin]) {
      expect((await report(who, reviewId, { reason: 'spam' })).status).toBe(403);
    }
    expect((await report(undefined, reviewId, { reason: 'spam' })).status).toBe(401);
    expect(await storedReports(reviewId)).toEqual([]);
    expect(await auditOf(reviewId)).toEqual([]);
  });

  it('when the input is bad, then 400 and nothing changes', async () => {
    const reviewId = await newReview();
    for (const body of [
      {},
      { reason: 'boring' },
      { reason: 'spam', note: 'x'.repeat(1001) },
      { reason: 'spam', note: 5 },
      { reason: 'spam', hide: true },
    ]) {
      expect((await report(owner, reviewId, body)).status).toBe(400);
    }
    expect(await storedReports(reviewId)).toEqual([]);

    const created = (await (await report(owner, reviewId, { reason: 'spam' })).json()) as { id: string };
    for (const body of [
      { decision: 'remove' },
      { decision: 'remove', reason: '  ' },
      { decision: 'hide', reason: 'x' },
    ]) {
      expect((await decide(admin, created.id, body)).status).toBe(400);
    }
    expect(await storedReports(reviewId)).toEqual([{ status: 'open' }]);
    expect((await listed(laundromatId)).some((r) => r.id === reviewId)).toBe(true);
    expect((await decide(owner, created.id, { decision: 'remove', reason: 'Mine.' })).status).toBe(403);
  });

  it('when the review or report is unknown or its id malformed, then 404', async () => {
    expect((await report(owner, unknownReviewId, { reason: 'spam' })).status).toBe(404);
    expect((await report(owner, 'not-an-id', { reason: 'spam' })).status).toBe(404);
    expect((await decide(admin, unknownReviewId, { decision: 'keep', reason: 'Fine.' })).status).toBe(404);
  });

  it('when the owner asks for their data, then their reports are in it; when erased, they go', async () => {
    const store = createPersonalDataRepository(stack.review.db);
    const reviewId = await newReview();
    expect(
      (await report(owner, reviewId, { reason: 'personal-information', note: 'Names my son.' })).status,
    ).toBe(201);
    const data = await collectPersonalData(store, owner.user.id);
    expect(personalDataSchema.parse(data).parts).toHaveProperty('review-abuse-reports');
    expect(data.parts['review-abuse-reports']).toContainEqual(
      expect.objectContaining({ reviewId, reason: 'personal-information', note: 'Names my son.' }),
    );
    const person = randomUUID();
    await stack.review.db.query(
      `INSERT INTO review_abuse_reports (review_id, laundromat_id, reporter_user_id, reason, created_at)
       VALUES ($1, $2, $3, 'spam', now())`,
      [reviewId, laundromatId, person],
    );
    expect(await stack.review.db.tx((tx) => store.eraseAbuseReports(tx, person))).toBe(1);
    expect((await collectPersonalData(store, person)).parts['review-abuse-reports']).toEqual([]);
    expect(await storedReports(reviewId)).toEqual([{ status: 'open' }]);
  });
});

describe("the owner's mail about a new review", () => {
  it('when a review of their laundromat is posted, then the owner gets one mail, and none with the type off', async () => {
    const owned = await signUp(stack.baseUrl);
    const [told, quiet, marker] = await insertLaundromatsFor(stack, [
      { name: 'Told Suds' },
      { name: 'Quiet Suds' },
      { name: 'Marker Suds' },
    ]);
    for (const [second, id] of [told!, quiet!].entries()) {
      await verified(verifiedEvent(id, owned.user.id, randomUUID(), 55 + second));
    }
    const mailsOf = (email: string) =>
      stack.identityDb.query<{ subject: string; text: string }>(
        `SELECT subject, text_body AS text FROM mail_outbox
         WHERE recipient = $1 AND subject LIKE 'New review of%'`,
        [email],
      );
    const mails = () => mailsOf(owned.user.email);
    const author = await signUp(stack.baseUrl);
    expect((await postReview(stack, author, told!, { overallRating: 4, reviewText: 'Warm.' })).status).toBe(
      201,
    );
    await eventually(async () => (await mails()).length > 0);
    expect((await mails()).map((mail) => mail.subject)).toEqual(['New review of Told Suds']);
    expect((await mails())[0]!.text).toContain('★★★★☆');

    const turnedOff = await apiClient(stack.baseUrl, owned)('/api/me/notifications', {
      method: 'PUT',
      body: { preferences: { 'owner.review': false } },
    });
    expect(turnedOff.status).toBe(200);
    expect((await postReview(stack, author, quiet!, { overallRating: 2, reviewText: 'Slow.' })).status).toBe(
      201,
    );
    // Another owner's laundromat, reviewed after it: once that owner's mail is here, the quiet one's event
    // was handled before it (one queue, in order), and it sent nothing.
    const other = await signUp(stack.baseUrl);
    await verified(verifiedEvent(marker!, other.user.id, randomUUID(), 58));
    expect(
      (await postReview(stack, author, marker!, { overallRating: 5, reviewText: 'Great.' })).status,
    ).toBe(201);
    await eventually(async () => (await mailsOf(other.user.email)).length > 0);
    expect((await mails()).map((mail) => mail.subject)).toEqual(['New review of Told Suds']);
  });
});
