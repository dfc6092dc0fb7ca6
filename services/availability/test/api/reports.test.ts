import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { eventually } from '../../../../test/support/servers.ts';
import {
  ageReports,
  availability,
  availabilityDb,
  client,
  insertLaundromatsFor,
  report,
  reportCount,
  startAvailabilityStack,
  type ErrorBody,
  type TestStack,
} from '../support/availability-stack.ts';

let stack: TestStack;
let alice: Session;
let bob: Session;
let carol: Session;
let ids: string[];
const unknownId = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';
// The first fixture's position (availability-stack.ts): 48.85, 2.35.
const atTheDoor = { latitude: 48.8501, longitude: 2.3501, accuracyMeters: 20 };
const acrossTown = { latitude: 48.9, longitude: 2.45, accuracyMeters: 20 };

beforeAll(async () => {
  stack = await startAvailabilityStack();
  [alice, bob, carol] = await Promise.all([
    signUp(stack.baseUrl),
    signUp(stack.baseUrl),
    signUp(stack.baseUrl),
  ]);
  ids = await insertLaundromatsFor(stack, [
    { name: 'Counted', numWashers: 12, numDryers: 8 },
    { name: 'Quick kinds', numWashers: 10, numDryers: 6 },
    { name: 'Refusals' },
    { name: 'Rate limit' },
    { name: 'Confirmations' },
    { name: 'Expiry' },
    { name: 'Burst', numWashers: 10, numDryers: 6 },
  ]);
});

afterAll(() => stack?.stop());

describe('a report that is refused changes nothing', () => {
  it('when nobody is signed in, then it is 401', async () => {
    const before = await reportCount(stack);
    const response = await report(stack, undefined, ids[2]!, { kind: 'all-free' });
    expect(response.status).toBe(401);
    expect(await reportCount(stack)).toBe(before);
  });

  it.each([
    ['a negative count', { washers: { free: -1, total: 10 } }, 'Washers free cannot be negative'],
    [
      'free above total',
      { washers: { free: 11, total: 10 } },
      'Washers free cannot be more than the washers in total',
    ],
    ['a total above 200', { dryers: { free: 1, total: 201 } }, 'Dryers in total must be at most 200'],
    ['a fractional count', { washers: { free: 1.5, total: 10 } }, 'Washers free must be a whole number'],
    ['neither counts nor a kind', {}, 'Give washers or dryers free of total'],
    ['an unknown kind', { kind: 'empty' }, 'Kind must be one of counts, all-free, some-free, full'],
    [
      'more broken than there are',
      { washers: { free: 0, total: 2 }, outOfOrderWashers: 3 },
      'Washers out of order cannot be more',
    ],
    ['a negative wait', { kind: 'full', waitMinutes: -5 }, 'Wait cannot be negative'],
    ['a long note', { kind: 'full', note: 'x'.repeat(281) }, 'Note must be at most 280 characters'],
    [
      'an impossible position',
      { kind: 'full', position: { latitude: 91, longitude: 0, accuracyMeters: 5 } },
      'Latitude must be between -90 and 90',
    ],
    ['an unknown field', { kind: 'full', latitude: 48.85 }, 'Unrecognized key'],
  ])('when it has %s, then it is 400 saying so', async (_case, body, message) => {
    const before = await reportCount(stack);
    const response = await report(stack, alice, ids[2]!, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as ErrorBody;
    expect(JSON.stringify(error)).toContain(message);
    expect(await reportCount(stack)).toBe(before);
  });

  it('when the body is huge, then it is 413', async () => {
    const before = await reportCount(stack);
    const response = await report(stack, alice, ids[2]!, { kind: 'full', note: 'x'.repeat(2_000_000) });
    expect(response.status).toBe(413);
    expect(await reportCount(stack)).toBe(before);
  });

  it('when the laundromat does not exist, then it is 404', async () => {
    const response = await report(stack, alice, unknownId, { kind: 'full' });
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).message).toBe('Laundromat not found');
    expect((await report(stack, alice, 'not-an-id', { kind: 'full' })).status).toBe(404);
  });
});

describe('reporting free machines', () => {
  it('when a visitor at the door counts, then the live state shows their counts from visitors, position not kept', async () => {
    const response = await report(stack, alice, ids[0]!, {
      washers: { free: 3, total: 12 },
      dryers: { free: 8, total: 8 },
      waitMinutes: 0,
      note: ' Bring coins ',
      position: atTheDoor,
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; distanceBand: string };
    expect(created.distanceBand).toBe('on-site');

    const state = await availability(stack, ids[0]!, alice);
    expect(state.live).toMatchObject({
      washersFree: 3,
      washersTotal: 12,
      dryersFree: 8,
      dryersTotal: 8,
      source: 'visitors',
      ageMinutes: 0,
      reportCount: 1,
      confidenceLevel: 'medium',
    });
    expect(state.recentReports).toEqual([
      expect.objectContaining({ id: created.id, note: 'Bring coins', distanceBand: 'on-site', mine: true }),
    ]);
    expect((await availability(stack, ids[0]!, bob)).recentReports[0]!.mine).toBe(false);
    const columns = await availabilityDb(stack).query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()
       AND table_name = 'availability_reports'`,
    );
    expect(columns.map((c) => c.column_name).filter((name) => /lat|lon|position/.test(name))).toEqual([]);
  });

  it('when a second visitor from across town disagrees, then the on-site count weighs more', async () => {
    const response = await report(stack, bob, ids[0]!, {
      washers: { free: 12, total: 12 },
      position: acrossTown,
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { distanceBand: string }).distanceBand).toBe('far');
    const { live } = await availability(stack, ids[0]!);
    // 3 of 12 weighed 1, 12 of 12 weighed 0.1: (0.25 + 0.1) / 1.1 of 12 ≈ 4.
    expect(live).toMatchObject({ washersFree: 4, washersTotal: 12, reportCount: 2 });
  });

  it('when a visitor taps "Full", then it reads against the listed totals', async () => {
    expect((await report(stack, alice, ids[1]!, { kind: 'full', waitMinutes: 15 })).status).toBe(201);
    const { live } = await availability(stack, ids[1]!);
    expect(live).toMatchObject({
      washersFree: 0,
      washersTotal: 10,
      dryersFree: 0,
      dryersTotal: 6,
      waitMinutes: 15,
    });
  });

  it('when eight people report at the same moment, then each report is stored once and answered with the state after it', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => signUp(stack.baseUrl)));
    const before = await reportCount(stack);
    const responses = await Promise.all(
      people.map((person, i) =>
        report(stack, person, ids[6]!, { washers: { free: i, total: 10 }, position: atTheDoor }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(people.map(() => 201));
    const answers = (await Promise.all(responses.map((r) => r.json()))) as Array<{
      id: string;
      live: { reportCount: number } | null;
    }>;
    expect(new Set(answers.map((a) => a.id)).size).toBe(8);
    // Each answer comes after its report committed: its state counts it, and at most the others too.
    for (const answer of answers) expect(answer.live?.reportCount).toBeGreaterThanOrEqual(1);
    expect(await reportCount(stack)).toBe(before + 8);
    const state = await availability(stack, ids[6]!);
    expect(state.live).toMatchObject({ reportCount: 8, washersTotal: 10, source: 'visitors' });
    expect(state.recentReports.map((r) => r.id).sort()).toEqual(answers.map((a) => a.id).sort());
  });

  it('when the same person reports the same laundromat within 10 minutes, then it is 429 and nothing is stored', async () => {
    const before = await reportCount(stack);
    const response = await report(stack, alice, ids[1]!, { kind: 'all-free' });
    expect(response.status).toBe(429);
    expect(((await response.json()) as ErrorBody).message).toBe(
      'You reported this laundromat less than 10 minutes ago. Please wait a few minutes before reporting it again.',
    );
    expect(await reportCount(stack)).toBe(before);
  });

  it('when one person sends 200 reports in a minute, then all but the first are 429', async () => {
    const before = await reportCount(stack);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => report(stack, carol, ids[3]!, { kind: 'some-free' })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(199);
    expect(await reportCount(stack)).toBe(before + 1);
  });
});

describe('machines out of order', () => {
  it('when a visitor reports broken machines, then they show until a later count says none are', async () => {
    const [place] = await insertLaundromatsFor(stack, [{ name: 'Broken machines' }]);
    await report(stack, alice, place!, {
      washers: { free: 1, total: 6 },
      outOfOrderWashers: 2,
      outOfOrderDryers: 1,
    });
    expect((await availability(stack, place!)).outOfOrder).toMatchObject({ washers: 2, dryers: 1 });
    // A quick tap says nothing about broken machines: the count stands.
    await report(stack, bob, place!, { kind: 'some-free' });
    expect((await availability(stack, place!)).outOfOrder).toMatchObject({ washers: 2, dryers: 1 });
    await report(stack, carol, place!, { washers: { free: 3, total: 6 } });
    expect((await availability(stack, place!)).outOfOrder).toBeNull();
  });
});

describe('confirming and disputing a report', () => {
  let reportId: string;
  const confirm = (session: Session | undefined, agree: unknown, id = reportId) =>
    client(stack, session)(`/api/laundromats/${ids[4]}/availability/reports/${id}/confirmations`, {
      method: 'POST',
      body: { agree },
    });

  beforeAll(async () => {
    const response = await report(stack, alice, ids[4]!, {
      washers: { free: 2, total: 10 },
      position: atTheDoor,
    });
    reportId = ((await response.json()) as { id: string }).id;
  });

  it('when others say "Still right", then the state counts the confirmations and grows surer', async () => {
    const before = (await availability(stack, ids[4]!)).live!;
    expect((await confirm(bob, true)).status).toBe(201);
    expect((await confirm(carol, true)).status).toBe(201);
    const after = (await availability(stack, ids[4]!)).live!;
    expect(after.confirmations).toBe(2);
    expect(after.confidence).toBeGreaterThan(before.confidence);
    expect((await availability(stack, ids[4]!)).recentReports[0]).toMatchObject({
      confirmations: 2,
      disputes: 0,
    });
  });

  it('when someone changes their mind to "Not right", then their opinion is replaced, not added', async () => {
    expect((await confirm(bob, false)).status).toBe(201);
    expect((await availability(stack, ids[4]!)).recentReports[0]).toMatchObject({
      confirmations: 1,
      disputes: 1,
    });
  });

  it('when the reporter confirms their own report, then it is 400', async () => {
    const response = await confirm(alice, true);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toBe(
      'You cannot confirm or dispute your own report.',
    );
  });

  it('when agree is missing or the report unknown, then it is 400 or 404', async () => {
    expect((await confirm(bob, 'yes')).status).toBe(400);
    expect((await confirm(bob, true, unknownId)).status).toBe(404);
    expect((await confirm(undefined, true)).status).toBe(401);
  });

  it("when a reporter's reports were confirmed, then their next report weighs more", async () => {
    // Carol's confirmation of Alice stands: Alice's record is one confirmed, one disputed (Bob's).
    const [quiet] = await insertLaundromatsFor(stack, [{ name: 'Record' }]);
    await report(stack, alice, quiet!, { washers: { free: 1, total: 10 }, position: atTheDoor });
    const trusted = (await availability(stack, quiet!)).live!.confidence;
    const [other] = await insertLaundromatsFor(stack, [{ name: 'Newcomer' }]);
    const newcomer = await signUp(stack.baseUrl);
    await report(stack, newcomer, other!, { washers: { free: 1, total: 10 }, position: atTheDoor });
    // Both fixtures stand at the same position (the second insert is index 0 of its own batch).
    expect((await availability(stack, other!)).live!.confidence).toBe(trusted);
    await client(stack, bob)(`/api/laundromats/${ids[4]}/availability/reports/${reportId}/confirmations`, {
      method: 'POST',
      body: { agree: true },
    });
    const [third] = await insertLaundromatsFor(stack, [{ name: 'Record again' }]);
    await report(stack, alice, third!, { washers: { free: 1, total: 10 }, position: atTheDoor });
    expect((await availability(stack, third!)).live!.confidence).toBeGreaterThan(trusted);
  });
});

describe('when reports grow old', () => {
  it('then a 30-minute-old report counts less, and after 45 minutes nothing is shown at all', async () => {
    await report(stack, alice, ids[5]!, { washers: { free: 5, total: 10 }, position: atTheDoor });
    const fresh = (await availability(stack, ids[5]!)).live!;
    await ageReports(stack, ids[5]!, 30);
    const fading = (await availability(stack, ids[5]!)).live!;
    expect(fading.ageMinutes).toBe(30);
    expect(fading.confidence).toBeLessThan(fresh.confidence);
    await ageReports(stack, ids[5]!, 16);
    const gone = await availability(stack, ids[5]!);
    expect(gone).toMatchObject({ live: null, recentReports: [], machines: [], feed: null });
  });
});

describe("a person's reports and their account", () => {
  it('when they export their data, then their reports are in it; when they delete the account, the reports stay without them', async () => {
    const dana = await signUp(stack.baseUrl);
    const [place] = await insertLaundromatsFor(stack, [{ name: 'Personal data' }]);
    const created = await report(stack, dana, place!, {
      washers: { free: 2, total: 4 },
      note: 'Ask Dana at the desk',
      position: atTheDoor,
    });
    const { id } = (await created.json()) as { id: string };

    const archive = await client(stack, dana)('/api/me/export');
    expect(archive.status).toBe(200);
    const bytes = Buffer.from(await archive.arrayBuffer()).toString('latin1');
    expect(bytes).toContain('availability/availability-reports.json');

    const deleted = await client(stack, dana)('/api/me', {
      method: 'DELETE',
      body: { password: 'correct horse battery' },
    });
    expect(deleted.status).toBeLessThan(300);
    const stored = async () =>
      (
        await availabilityDb(stack).query<{ userId: string | null; note: string | null }>(
          'SELECT user_id AS "userId", note FROM availability_reports WHERE id = $1',
          [id],
        )
      )[0];
    await eventually(async () => (await stored())?.userId === null);
    expect(await stored()).toEqual({ userId: null, note: null });
    expect((await availability(stack, place!)).live).toMatchObject({ washersFree: 2, washersTotal: 4 });
  });
});
