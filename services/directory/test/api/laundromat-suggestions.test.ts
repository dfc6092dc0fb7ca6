import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import {
  contributionPointValues,
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
