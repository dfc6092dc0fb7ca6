import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityChangedV1,
  createEvent,
  type AvailabilityChangedV1,
  type LaundromatListResponse,
  type LiveSummary,
} from '@laundry/contracts';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { eventually } from '../../../../test/support/servers.ts';
import {
  availabilityDb,
  client,
  insertLaundromatsFor,
  report,
  startAvailabilityStack,
  type TestStack,
} from '../support/availability-stack.ts';

let stack: TestStack;
let alice: Session;
let bob: Session;
let free: string | undefined;
let full: string | undefined;
let quiet: string | undefined;

// Far from every other file's fixtures, so the list near here holds only these.
const here = { latitude: -33.86, longitude: 151.2 };
const atTheDoor = { ...here, accuracyMeters: 10 };

beforeAll(async () => {
  // The expiry job runs often here, so a state that ran out is published as gone within the test.
  stack = await startAvailabilityStack({ LIVE_EXPIRY_INTERVAL_MS: '300' });
  [alice, bob] = await Promise.all([signUp(stack.baseUrl), signUp(stack.baseUrl)]);
  [free, full, quiet] = await insertLaundromatsFor(stack, [
    { name: 'Free now', ...here },
    { name: 'Full now', latitude: here.latitude + 0.001, longitude: here.longitude },
    { name: 'Nobody reported', latitude: here.latitude + 0.002, longitude: here.longitude },
  ]);
});

afterAll(() => stack?.stop());

async function listNearHere(extra = ''): Promise<LaundromatListResponse['items']> {
  const response = await client(stack)(
    `/api/laundromats?latitude=${here.latitude}&longitude=${here.longitude}&limit=10${extra}`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as LaundromatListResponse).items;
}

const liveOf = async (id: string) => (await listNearHere()).find((item) => item.id === id)?.live;

describe('live summaries in the directory', () => {
  it('when visitors report, then the list carries `live` and "Washers free now" keeps only the free', async () => {
    expect(
      (await report(stack, alice, free!, { washers: { free: 4, total: 10 }, position: atTheDoor })).status,
    ).toBe(201);
    expect(
      (await report(stack, bob, full!, { washers: { free: 0, total: 6 }, dryers: { free: 2, total: 4 } }))
        .status,
    ).toBe(201);
    await eventually(async () => (await liveOf(full!)) !== undefined && (await liveOf(full!)) !== null);
    const items = await listNearHere();
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(free!)!.live).toMatchObject({
      washersFree: 4,
      washersTotal: 10,
      dryersFree: null,
      dryersTotal: null,
      source: 'visitors',
    });
    expect(byId.get(full!)!.live).toMatchObject({
      washersFree: 0,
      washersTotal: 6,
      dryersFree: 2,
      dryersTotal: 4,
    });
    expect(byId.get(quiet!)!.live).toBeNull();

    const washersFree = await listNearHere('&washersFree=true');
    expect(washersFree.map((item) => item.id)).toEqual([free]);
    const detail = await client(stack)(`/api/laundromats/${free}`);
    expect(((await detail.json()) as { live: LiveSummary }).live).toMatchObject({ washersFree: 4 });
  });

  it('when the filter value is not a flag, then it is 400', async () => {
    const response = await client(stack)('/api/laundromats?washersFree=maybe');
    expect(response.status).toBe(400);
  });

  it('when an event arrives twice or an older one late, then the newest summary stands', async () => {
    const publisher = stack.infra.bus('live-test-publisher');
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const event = (live: LiveSummary | null, computedAt: string): AvailabilityChangedV1 =>
      createEvent(availabilityChangedV1, 'availability', {
        laundromatId: quiet!,
        live,
        validUntil: new Date(Date.now() + 30 * 60_000).toISOString(),
        computedAt,
      });
    const newer = event(
      {
        washersFree: 2,
        washersTotal: 8,
        dryersFree: null,
        dryersTotal: null,
        updatedAt: at(1),
        source: 'machines',
      },
      at(1),
    );
    await publisher.publish(newer);
    await publisher.publish(newer);
    await eventually(async () => (await liveOf(quiet!))?.washersFree === 2);
    const older = event(
      {
        washersFree: 0,
        washersTotal: 8,
        dryersFree: null,
        dryersTotal: null,
        updatedAt: at(5),
        source: 'machines',
      },
      at(5),
    );
    await publisher.publish(older);
    // The older event is handled (its id is recorded) and changes nothing.
    await eventually(async () => {
      const rows = await stack.directoryDb.query('SELECT 1 FROM processed_events WHERE event_id = $1', [
        older.id,
      ]);
      return rows.length === 1;
    });
    expect((await liveOf(quiet!))?.washersFree).toBe(2);
    // One with no state any more clears it.
    await publisher.publish(event(null, new Date(Date.now() + 1000).toISOString()));
    await eventually(async () => (await liveOf(quiet!)) === null);
  });

  it('when a summary has run out, then the list shows null without waiting for an event', async () => {
    await stack.directoryDb.query(
      `UPDATE laundromats SET live_valid_until = now() - interval '1 second' WHERE id = $1`,
      [free],
    );
    expect(await liveOf(free!)).toBeNull();
    expect((await listNearHere('&washersFree=true')).map((item) => item.id)).toEqual([]);
  });

  it('when the last report fades out, then the availability service publishes that nothing is known', async () => {
    const [gone] = await insertLaundromatsFor(stack, [
      { name: 'Fading', latitude: here.latitude + 0.003, longitude: here.longitude },
    ]);
    await report(stack, alice, gone!, { kind: 'all-free', washers: { free: 3, total: 3 } });
    const summary = async () =>
      (
        await stack.directoryDb.query<{ summary: LiveSummary | null }>(
          'SELECT live_summary AS summary FROM laundromats WHERE id = $1',
          [gone],
        )
      )[0]!.summary;
    await eventually(async () => (await summary()) !== null);
    // 46 minutes later, as the availability service sees it.
    const db = availabilityDb(stack);
    await db.query(
      `UPDATE availability_reports SET created_at = created_at - interval '46 minutes' WHERE laundromat_id = $1`,
      [gone],
    );
    await db.query(
      `UPDATE live_states SET valid_until = valid_until - interval '46 minutes',
         computed_at = computed_at - interval '46 minutes' WHERE laundromat_id = $1`,
      [gone],
    );
    await eventually(async () => (await summary()) === null);
  });
});
