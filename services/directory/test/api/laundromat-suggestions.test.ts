import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import {
  contributionPointValues,
  ownerAnswerDays,
  ownerSuggestionListSchema,
  laundromatHistorySchema,
  laundromatMergeSchema,
  laundromatUpstreamSchema,
  suggestionListSchema,
  suggestionQueueSchema,
  suggestionSchema,
  type Laundromat,
  type SuggestionQueue,
} from '@laundry/contracts';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import { eventually } from '../../../../test/support/servers.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import {
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type ErrorBody,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
let admin: ReturnType<typeof apiClient>;
let alice: Session;
let bob: Session;
let asAlice: ReturnType<typeof apiClient>;
let asBob: ReturnType<typeof apiClient>;

const unknownId = '00000000-0000-4000-8000-000000000000';
const perHour = 6;

beforeAll(async () => {
  stack = await startDirectoryStack({ SUGGESTIONS_PER_HOUR: String(perHour) });
  [alice, bob] = await Promise.all([signUp(stack.baseUrl), signUp(stack.baseUrl)]);
  admin = apiClient(stack.baseUrl, await signUpAdmin(stack));
  asAlice = apiClient(stack.baseUrl, alice);
  asBob = apiClient(stack.baseUrl, bob);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

async function laundromat(overrides: Partial<Parameters<typeof fixture>[0]> = {}): Promise<string> {
  const [id] = await insertFixtures(stack, [
    fixture({
      latitude: 48.8566,
      longitude: 2.3522,
      city: 'Paris',
      country: 'France',
      phone: '+33 1 00 00 00 00',
      openingHours: 'Mo-Su 08:00-20:00',
      ...overrides,
    }),
  ]);
  return id!;
}

const suggest = (as: ReturnType<typeof apiClient>, id: string, body: unknown) =>
  as(`/api/laundromats/${id}/suggestions`, { method: 'POST', body });

const storedCount = async () =>
  (await stack.directoryDb.query<{ n: number }>('SELECT count(*)::int AS n FROM laundromat_suggestions'))[0]!
    .n;

async function queue(): Promise<SuggestionQueue> {
  const response = await admin('/api/admin/suggestions');
  expect(response.status).toBe(200);
  return suggestionQueueSchema.parse(await response.json());
}

const decide = (id: string, body: unknown) =>
  admin(`/api/admin/suggestions/${id}/decision`, { method: 'POST', body });

const detail = async (id: string) => (await getJson<Laundromat>(stack, `/api/laundromats/${id}`)).body;

describe('POST /api/laundromats/{id}/suggestions refuses what it cannot store', () => {
  it('asks a signed-out visitor to sign in, and answers 404 for an unknown laundromat', async () => {
    const id = await laundromat();
    const before = await storedCount();
    expect((await suggest(apiClient(stack.baseUrl), id, { kind: 'closed' })).status).toBe(401);
    expect((await suggest(asAlice, unknownId, { kind: 'closed' })).status).toBe(404);
    expect((await suggest(asAlice, 'not-an-id', { kind: 'closed' })).status).toBe(404);
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['a pin at 0, 0', { kind: 'location', latitude: 0, longitude: 0 }, /0, 0/],
    ['a pin off the globe', { kind: 'location', latitude: 91, longitude: 2 }, /between -90 and 90/],
    ['a website that is not http(s)', { kind: 'website', website: 'javascript:alert(1)' }, /http/],
    ['a 10,000-character note', { kind: 'closed', note: 'x'.repeat(10_000) }, /at most 1000/],
    ['an empty price change', { kind: 'prices', prices: {} }, /at least one price/],
    ['an unknown kind', { kind: 'colour' }, /kind must be one of/],
    ['hours the OSM library cannot read', { kind: 'hours', openingHours: 'whenever' }, /Opening hours/],
    ['what the laundromat already says', { kind: 'phone', phone: '+33 1 00 00 00 00' }, /already says/],
    ['a duplicate of itself', { kind: 'duplicate', duplicateOfId: 'SELF' }, /itself/],
    ['a duplicate of an unknown one', { kind: 'duplicate', duplicateOfId: unknownId }, /not found/],
  ])('refuses %s with a 400 saying why, and stores nothing', async (_what, body, message) => {
    const id = await laundromat();
    const before = await storedCount();
    const sent =
      'duplicateOfId' in body && body.duplicateOfId === 'SELF' ? { ...body, duplicateOfId: id } : body;
    const response = await suggest(asAlice, id, sent);
    expect(response.status).toBe(400);
    const error = (await response.json()) as ErrorBody;
    expect([error.message, ...(error.errors ?? []).map((e) => e.message)].join(' ')).toMatch(message);
    expect(await storedCount()).toBe(before);
  });
});

describe('a suggested edit from suggestion to decision', () => {
  it('stores the current and the proposed value, counts confirmations, and applies the approved hours', async () => {
    const id = await laundromat();
    const proposed = 'Mo-Fr 07:00-22:00; Sa,Su 09:00-18:00';
    const first = await suggest(asAlice, id, {
      kind: 'hours',
      openingHours: proposed,
      note: 'Sign on the door',
    });
    expect(first.status).toBe(201);
    const mine = suggestionSchema.parse(await first.json());
    expect(mine).toMatchObject({
      laundromatId: id,
      kind: 'hours',
      status: 'pending',
      changes: [{ field: 'openingHours', current: 'Mo-Su 08:00-20:00', proposed }],
    });
    // The same person twice is one suggestion; another person is a confirmation.
    expect((await suggest(asAlice, id, { kind: 'hours', openingHours: proposed })).status).toBe(409);
    expect((await suggest(asBob, id, { kind: 'hours', openingHours: ` ${proposed} ` })).status).toBe(201);

    const group = (await queue()).items.find((item) => item.laundromat.id === id)!;
    expect(group).toMatchObject({
      id: mine.id,
      kind: 'hours',
      confirmations: 2,
      changes: [{ field: 'openingHours', current: 'Mo-Su 08:00-20:00', proposed }],
    });
    expect(group.suggestions.map((s) => s.email)).toEqual([alice.user.email, bob.user.email]);

    const pointsBefore = await points(alice);
    const decision = await decide(mine.id, { decision: 'approve', reason: 'Matches the photo' });
    expect(decision.status).toBe(200);
    expect(((await decision.json()) as { decidedIds: string[] }).decidedIds).toHaveLength(2);

    const shown = await detail(id);
    expect(shown.openingHours).toBe(proposed);
    expect(shown.hours?.monday).toBe('7:00-22:00');
    const [row] = await stack.directoryDb.query<{ fields: string[] }>(
      'SELECT locally_edited_fields AS fields FROM laundromats WHERE id = $1',
      [id],
    );
    expect(row!.fields).toEqual(['hours', 'openingHours']);
    const history = await stack.directoryDb.query<{ source: string; changes: unknown }>(
      'SELECT source, changes FROM laundromat_history WHERE laundromat_id = $1',
      [id],
    );
    expect(history).toEqual([
      { source: 'suggestion', changes: [{ field: 'openingHours', from: 'Mo-Su 08:00-20:00', to: proposed }] },
    ]);
    const audit = await stack.directoryDb.query<{ action: string }>(
      `SELECT envelope->'data'->>'action' AS action FROM outbox
       WHERE type = 'audit.recorded.v1' AND envelope->'data'->>'resourceId' = $1`,
      [id],
    );
    expect(audit).toEqual([{ action: 'laundromat.suggestion.approve' }]);
    expect((await queue()).items.some((item) => item.laundromat.id === id)).toBe(false);

    // Each person is told, and earns the points of an approved edit.
    await eventually(
      async () => (await points(alice)) === pointsBefore + contributionPointValues.suggestion,
      15_000,
    );
    const mail = await mailTo(alice.user.email, /approved/i);
    expect(mail.text).toContain(shown.name);
    const own = suggestionListSchema.parse(await (await asBob('/api/suggestions/mine')).json());
    expect(own.items[0]).toMatchObject({ laundromatId: id, status: 'approved', reason: 'Matches the photo' });
    // A second decision on a decided suggestion is refused.
    expect((await decide(mine.id, { decision: 'reject', reason: 'late' })).status).toBe(409);
  });

  it('rejects only with a reason, which the person reads on their account and in their mail', async () => {
    const id = await laundromat();
    const sent = await suggest(asBob, id, { kind: 'website', website: 'https://wash.example' });
    const { id: suggestionId } = suggestionSchema.parse(await sent.json());
    expect((await decide(suggestionId, { decision: 'reject' })).status).toBe(400);
    expect((await decide(suggestionId, { decision: 'reject', reason: 'That site sells shoes' })).status).toBe(
      200,
    );
    expect((await detail(id)).website).toBeNull();
    const own = suggestionListSchema.parse(await (await asBob('/api/suggestions/mine')).json());
    expect(own.items.find((item) => item.id === suggestionId)).toMatchObject({
      status: 'rejected',
      reason: 'That site sells shoes',
    });
    const mail = await mailTo(bob.user.email, /not accepted/i);
    expect(mail.text).toContain('That site sells shoes');
    expect((await decide(unknownId, { decision: 'approve' })).status).toBe(404);
    expect((await asBob('/api/admin/suggestions')).status).toBe(403);
  });

  it('marks a laundromat closed, and moves a pin, as approved', async () => {
    const closing = await laundromat();
    const moving = await laundromat();
    const closed = suggestionSchema.parse(await (await suggest(asAlice, closing, { kind: 'closed' })).json());
    const pin = { kind: 'location', latitude: 48.8584, longitude: 2.2945 };
    const moved = suggestionSchema.parse(await (await suggest(asAlice, moving, pin)).json());
    expect(moved.changes).toEqual([
      {
        field: 'location',
        current: { latitude: 48.8566, longitude: 2.3522 },
        proposed: { latitude: 48.8584, longitude: 2.2945 },
      },
    ]);
    expect((await decide(closed.id, { decision: 'approve' })).status).toBe(200);
    expect((await decide(moved.id, { decision: 'approve' })).status).toBe(200);
    // Closed, yet still readable: its reviews and favourites point to it.
    expect(await detail(closing)).toMatchObject({ id: closing, status: 'closed' });
    expect(await detail(moving)).toMatchObject({ latitude: 48.8584, longitude: 2.2945 });
  });
});

describe('history, upstream values and merging duplicates', () => {
  it('shows the approved changes in the public history, paged, and never who suggested them', async () => {
    const id = await laundromat();
    for (const [as, body] of [
      [asAlice, { kind: 'phone', phone: '+33 1 11 11 11 11' }],
      [asBob, { kind: 'website', website: 'https://lavoir.example' }],
    ] as const) {
      const sent = suggestionSchema.parse(await (await suggest(as, id, body)).json());
      expect((await decide(sent.id, { decision: 'approve' })).status).toBe(200);
    }
    const first = await getJson(stack, `/api/laundromats/${id}/history?limit=1`);
    expect(first.status).toBe(200);
    const page = laundromatHistorySchema.parse(first.body);
    expect(page.items).toEqual([
      expect.objectContaining({
        source: 'suggestion',
        changes: [{ field: 'website', from: null, to: 'https://lavoir.example' }],
      }),
    ]);
    expect(page.nextCursor).not.toBeNull();
    const older = laundromatHistorySchema.parse(
      (await getJson(stack, `/api/laundromats/${id}/history?limit=1&cursor=${page.nextCursor}`)).body,
    );
    expect(older.items[0]!.changes).toEqual([
      { field: 'phone', from: '+33 1 00 00 00 00', to: '+33 1 11 11 11 11' },
    ]);
    expect(older.nextCursor).toBeNull();
    const text = JSON.stringify([first.body, older]);
    expect(text).not.toContain(alice.user.id);
    expect(text).not.toContain(alice.user.email);
    expect((await getJson(stack, `/api/laundromats/${unknownId}/history`)).status).toBe(404);
    expect((await getJson(stack, `/api/laundromats/${id}/history?limit=500`)).status).toBe(400);
  });

  it("shows an admin OpenStreetMap's value beside the kept one, and takes it, audited", async () => {
    const id = await laundromat({ source: 'osm', sourceRef: `node/${Date.now()}` });
    // What the sync stored: upstream says another phone, while a person's correction keeps ours.
    await stack.directoryDb.query(
      `UPDATE laundromats SET upstream = $2::jsonb, locally_edited_fields = '{phone}' WHERE id = $1`,
      [id, JSON.stringify({ phone: '+33 1 22 22 22 22', website: null })],
    );
    expect((await asAlice(`/api/admin/laundromats/${id}/upstream`)).status).toBe(403);
    const shown = laundromatUpstreamSchema.parse(
      await (await admin(`/api/admin/laundromats/${id}/upstream`)).json(),
    );
    expect(shown.differences).toEqual([
      { field: 'phone', local: '+33 1 00 00 00 00', upstream: '+33 1 22 22 22 22', keptBy: 'correction' },
    ]);
    const take = (field: string) =>
      admin(`/api/admin/laundromats/${id}/upstream`, { method: 'POST', body: { field } });
    expect((await take('website')).status).toBe(409);
    const taken = await take('phone');
    expect(taken.status).toBe(200);
    expect(laundromatUpstreamSchema.parse(await taken.json()).differences).toEqual([]);
    expect((await detail(id)).phone).toBe('+33 1 22 22 22 22');
    const [row] = await stack.directoryDb.query<{ fields: string[] }>(
      'SELECT locally_edited_fields AS fields FROM laundromats WHERE id = $1',
      [id],
    );
    expect(row!.fields).toEqual([]);
    const audit = await stack.directoryDb.query<{ action: string }>(
      `SELECT envelope->'data'->>'action' AS action FROM outbox
       WHERE type = 'audit.recorded.v1' AND envelope->'data'->>'resourceId' = $1 ORDER BY created_at`,
      [id],
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      'laundromat.upstream.take',
      'laundromat.upstream.take',
    ]);
  });

  it('merges a duplicate: favourites and reviews move, the old id leads to the survivor, once', async () => {
    const survivor = await laundromat({ phone: undefined });
    const duplicate = await laundromat({ phone: '+33 1 33 33 33 33' });
    const sent = await suggest(asAlice, duplicate, { kind: 'duplicate', duplicateOfId: survivor });
    const suggestion = suggestionSchema.parse(await sent.json());
    expect(
      (await asBob('/api/favorites', { method: 'POST', body: { laundromatId: duplicate } })).status,
    ).toBe(201);
    const review = await asBob(`/api/laundromats/${duplicate}/reviews`, {
      method: 'POST',
      body: { overallRating: 4, comment: 'Bright and clean, machines all working.' },
    });
    expect(review.status).toBe(201);

    const merge = (body: unknown) => admin('/api/admin/laundromats/merge', { method: 'POST', body });
    expect((await merge({ survivorId: survivor, mergedId: survivor })).status).toBe(400);
    expect((await merge({ survivorId: unknownId, mergedId: duplicate })).status).toBe(404);
    const merged = await merge({ survivorId: survivor, mergedId: duplicate, suggestionId: suggestion.id });
    expect(merged.status).toBe(200);
    expect(laundromatMergeSchema.parse(await merged.json())).toEqual({
      survivorId: survivor,
      mergedId: duplicate,
      filled: ['phone'],
      favoritesMoved: 1,
      decidedSuggestionIds: [suggestion.id],
    });
    // A second merge of the same one is refused: it points to its survivor already.
    expect((await merge({ survivorId: survivor, mergedId: duplicate })).status).toBe(409);

    const old = await fetch(`${stack.baseUrl}/api/laundromats/${duplicate}`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/api/laundromats/${survivor}`);
    expect(await detail(duplicate)).toMatchObject({ id: survivor, phone: '+33 1 33 33 33 33' });
    const favorites = (await (await asBob('/api/favorites')).json()) as unknown[];
    expect(JSON.stringify(favorites)).toContain(survivor);
    expect(JSON.stringify(favorites)).not.toContain(duplicate);
    await eventually(async () => {
      const listed = await getJson<unknown[]>(stack, `/api/laundromats/${survivor}/reviews`);
      return listed.body.length === 1;
    }, 15_000);
    const own = suggestionListSchema.parse(await (await asAlice('/api/suggestions/mine')).json());
    expect(own.items.find((item) => item.id === suggestion.id)?.status).toBe('approved');
    const events = await stack.directoryDb.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE type = 'laundromat.merged.v1'
       AND envelope->'data'->>'mergedId' = $1`,
      [duplicate],
    );
    expect(events[0]!.n).toBe(1);
  });
});

describe("the laundromat's verified owner decides first", () => {
  // A suggester of their own: the file's other people have used up much of their hourly allowance.
  let visitor: Session;
  let asVisitor: typeof asAlice;
  beforeAll(async () => {
    visitor = await signUp(stack.baseUrl);
    asVisitor = apiClient(stack.baseUrl, visitor);
  });

  async function ownedLaundromat(): Promise<{ id: string; owner: Session; asOwner: typeof asAlice }> {
    const id = await laundromat();
    const owner = await signUp(stack.baseUrl);
    // As the owner-verified event leaves it.
    await stack.directoryDb.query(
      'UPDATE laundromats SET owner_user_id = $2, owner_verified_at = now() WHERE id = $1',
      [id, owner.user.id],
    );
    return { id, owner, asOwner: apiClient(stack.baseUrl, owner) };
  }

  const ownerList = async (as: typeof asAlice) => {
    const response = await as('/api/owner/suggestions');
    expect(response.status).toBe(200);
    return ownerSuggestionListSchema.parse(await response.json()).items;
  };

  const mailsTo = (email: string) =>
    stack.identityDb.query<{ subject: string; text: string }>(
      `SELECT subject, text_body AS text FROM mail_outbox
       WHERE recipient = $1 AND subject LIKE 'An edit was suggested%'`,
      [email],
    );

  it("shows the owner the change and applies their acceptance as an admin's, while a stranger gets a 403", async () => {
    const { id, owner, asOwner } = await ownedLaundromat();
    const sent = await suggest(asVisitor, id, {
      kind: 'phone',
      phone: '+33 1 23 45 67 89',
      note: 'New line',
    });
    const { id: suggestionId } = suggestionSchema.parse(await sent.json());

    const [item, ...others] = await ownerList(asOwner);
    expect(others).toEqual([]);
    expect(item).toMatchObject({
      id: suggestionId,
      laundromat: { id },
      kind: 'phone',
      changes: [{ field: 'phone', current: '+33 1 00 00 00 00', proposed: '+33 1 23 45 67 89' }],
      confirmations: 1,
      notes: ['New line'],
    });
    expect(JSON.stringify(item)).not.toContain(visitor.user.email);
    // Nobody else's list has it.
    expect(await ownerList(asBob)).toEqual([]);
    const waiting = (await queue()).items.find((group) => group.id === suggestionId)!;
    expect(Date.parse(waiting.waitingForOwnerUntil!)).toBe(
      Date.parse(waiting.firstSuggestedAt) + ownerAnswerDays * 86_400_000,
    );

    // The owner is told once, in a mail of its own type.
    await eventually(async () => (await mailsTo(owner.user.email)).length > 0, 15_000);
    const ownerMails = await mailsTo(owner.user.email);
    expect(ownerMails).toHaveLength(1);
    expect(ownerMails[0]!.subject).toMatch(/edit was suggested/);

    const ownerDecide = (as: typeof asAlice, body: unknown) =>
      as(`/api/owner/suggestions/${suggestionId}/decision`, { method: 'POST', body });
    expect((await ownerDecide(asBob, { decision: 'approve' })).status).toBe(403);
    expect((await ownerDecide(asVisitor, { decision: 'approve' })).status).toBe(403);
    expect((await detail(id)).phone).toBe('+33 1 00 00 00 00');
    expect((await ownerDecide(asOwner, { decision: 'reject' })).status).toBe(400);

    const decided = await ownerDecide(asOwner, { decision: 'approve' });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toEqual({
      id: suggestionId,
      status: 'approved',
      decidedIds: [suggestionId],
    });
    expect((await detail(id)).phone).toBe('+33 1 23 45 67 89');
    const audit = await stack.directoryDb.query<{ action: string; userId: string; byOwner: string }>(
      `SELECT envelope->'data'->>'action' AS action, envelope->'data'->>'userId' AS "userId",
         envelope->'data'->'newData'->>'byOwner' AS "byOwner"
       FROM outbox WHERE type = 'audit.recorded.v1' AND envelope->'data'->>'resourceId' = $1`,
      [id],
    );
    expect(audit).toEqual([
      { action: 'laundromat.suggestion.approve', userId: owner.user.id, byOwner: 'true' },
    ]);
    const mail = await mailTo(visitor.user.email, /approved/i);
    expect(mail.text).toContain((await detail(id)).name);
    expect(await ownerList(asOwner)).toEqual([]);
    // Decided: a stranger still learns nothing, the owner is told it is done.
    expect((await ownerDecide(asBob, { decision: 'approve' })).status).toBe(403);
    expect((await ownerDecide(asOwner, { decision: 'approve' })).status).toBe(409);
  });

  it(`comes to the admins once ${ownerAnswerDays} days have passed without the owner's answer`, async () => {
    const { id } = await ownedLaundromat();
    const sent = await suggest(asBob, id, { kind: 'website', website: 'https://owned.example' });
    const { id: suggestionId } = suggestionSchema.parse(await sent.json());
    const inQueue = async () => (await queue()).items.find((group) => group.id === suggestionId)!;
    expect((await inQueue()).waitingForOwnerUntil).not.toBeNull();

    await stack.directoryDb.query(
      `UPDATE laundromat_suggestions SET created_at = now() - make_interval(days => $2, mins => 1)
       WHERE id = $1`,
      [suggestionId, ownerAnswerDays],
    );
    expect((await inQueue()).waitingForOwnerUntil).toBeNull();
    // A laundromat without an owner is the admins' at once.
    const unowned = await laundromat();
    const other = suggestionSchema.parse(await (await suggest(asBob, unowned, { kind: 'closed' })).json());
    expect((await queue()).items.find((group) => group.id === other.id)!.waitingForOwnerUntil).toBeNull();
  });

  it('sends the owner no mail of a type they turned off', async () => {
    const quiet = await ownedLaundromat();
    const turnedOff = await quiet.asOwner('/api/me/notifications', {
      method: 'PUT',
      body: { preferences: { 'owner.suggestion': false } },
    });
    expect(turnedOff.status).toBe(200);
    expect((await suggest(asVisitor, quiet.id, { kind: 'closed' })).status).toBe(201);
    // Another owner's laundromat, suggested after it: once that owner's mail is here, the first event was
    // handled before it (one queue, in order), and it sent nothing.
    const marker = await ownedLaundromat();
    expect((await suggest(asVisitor, marker.id, { kind: 'closed' })).status).toBe(201);
    await eventually(async () => (await mailsTo(marker.owner.user.email)).length > 0, 15_000);
    expect(await mailsTo(quiet.owner.user.email)).toEqual([]);
  });
});

describe('limits and personal data', () => {
  it(`refuses a person's suggestion beyond ${perHour} an hour with a 429`, async () => {
    const person = apiClient(stack.baseUrl, await signUp(stack.baseUrl));
    const ids = await insertFixtures(
      stack,
      Array.from({ length: perHour + 1 }, (_, i) => fixture({ latitude: 10 + i / 100, longitude: 10 })),
    );
    for (const id of ids.slice(0, perHour)) {
      expect((await suggest(person, id, { kind: 'closed' })).status).toBe(201);
    }
    const refused = await suggest(person, ids[perHour]!, { kind: 'closed' });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorBody).message).toMatch(/wait/);
  });

  it("puts a person's suggestions in their data export, and their erasure takes their name off them", async () => {
    const person = await signUp(stack.baseUrl);
    const as = apiClient(stack.baseUrl, person);
    const id = await laundromat();
    const sent = await suggest(as, id, { kind: 'phone', phone: '+33 9 99 99 99 99', note: 'Called it' });
    const { id: suggestionId } = suggestionSchema.parse(await sent.json());

    const archive = await fetch(`${stack.baseUrl}/api/me/export`, { headers: { cookie: person.cookie } });
    expect(archive.status).toBe(200);
    const files = unzipSync(new Uint8Array(await archive.arrayBuffer()));
    const exported = JSON.parse(strFromU8(files['directory/suggested-edits.json']!)) as unknown[];
    expect(exported).toEqual([
      expect.objectContaining({ id: suggestionId, note: 'Called it', kind: 'phone' }),
    ]);

    const erased = await as('/api/me', { method: 'DELETE', body: { password: 'correct horse battery' } });
    expect(erased.status).toBe(200);
    const row = async () =>
      (
        await stack.directoryDb.query<{
          user_id: string | null;
          user_email: string | null;
          note: string | null;
        }>('SELECT user_id, user_email, note FROM laundromat_suggestions WHERE id = $1', [suggestionId])
      )[0]!;
    await eventually(async () => (await row()).user_id === null, 20_000);
    expect(await row()).toEqual({ user_id: null, user_email: null, note: null });
  });
});

async function points(session: Session): Promise<number> {
  const response = await fetch(`${stack.baseUrl}/api/auth/user`, { headers: { cookie: session.cookie } });
  return ((await response.json()) as { contributionPoints: number }).contributionPoints;
}

async function mailTo(email: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await eventually(async () => {
    const mails = await stack.identityDb.query<{ subject: string; text: string }>(
      'SELECT subject, text_body AS text FROM mail_outbox WHERE recipient = $1 ORDER BY created_at DESC',
      [email],
    );
    found = mails.find((mail) => subject.test(mail.subject));
    return found !== undefined;
  }, 15_000);
  return found!;
}
