import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { billingPaymentMethodChangedV1, createEvent, userEmailVerifiedV1 } from '@laundry/contracts';
import type { EventEnvelope } from '@laundry/platform';
import { userEmailVerifiedHandler } from '../../src/consumers/user-email-verified.handler.ts';
import { billingPaymentMethodChangedHandler } from '../../src/consumers/billing-payment-method-changed.handler.ts';
import { createAccountStandingRepository } from '../../src/infra/account-standing-repository.ts';
import { createAdTestDb, type AdTestDb } from '../support/ad-db.ts';
import { eventually, silentLogger } from '../../../../test/support/servers.ts';
import { consumerHarness, type ConsumerHarness } from '../../../../test/support/event-harness.ts';

vi.setConfig({ testTimeout: 30_000 });

const MAX_ATTEMPTS = 3;
const standing = createAccountStandingRepository();
let testDb: AdTestDb;
let harness: ConsumerHarness;

beforeAll(async () => {
  testDb = await createAdTestDb('ad_standing');
  // The ad service's own handlers on a queue of the test's, so retries take milliseconds.
  harness = consumerHarness('ad-standing-test');
  const deps = { db: testDb.db, standing, logger: silentLogger };
  harness.subscribe(userEmailVerifiedV1, userEmailVerifiedHandler(deps), MAX_ATTEMPTS);
  harness.subscribe(billingPaymentMethodChangedV1, billingPaymentMethodChangedHandler(deps), MAX_ATTEMPTS);
  await harness.start();
}, 60_000);

afterAll(async () => {
  await harness?.stop();
  await testDb?.drop();
});

const verified = (userId: string) =>
  createEvent(userEmailVerifiedV1, 'identity', { userId, verifiedAt: new Date().toISOString() });

const cardChanged = (userId: string, hasPaymentMethod: boolean, changedAt: string) =>
  createEvent(billingPaymentMethodChangedV1, 'billing', { userId, hasPaymentMethod, changedAt });

const processed = async (eventId: string) =>
  (await testDb.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [eventId])).length;

describe('user.email-verified.v1 and billing.payment-method-changed.v1 in the ad service', () => {
  test('when an address is verified, then the owner reads as verified, once however often the event comes', async () => {
    const userId = randomUUID();
    expect(await standing.read(testDb.db, userId)).toEqual({
      emailVerified: false,
      hasPaymentMethod: false,
      accruedE4: 0,
    });
    const event = verified(userId);
    await harness.publish(event);
    await harness.publish(event);
    await eventually(() => harness.deliveries(event.id) === 2);
    expect(await standing.read(testDb.db, userId)).toMatchObject({
      emailVerified: true,
      hasPaymentMethod: false,
    });
    expect(await processed(event.id)).toBe(1);
  });

  test('when a card is saved, then the owner has a payment method; an older removal arriving late undoes nothing', async () => {
    const userId = randomUUID();
    const added = cardChanged(userId, true, '2026-11-28T10:00:00.000Z');
    const olderRemoval = cardChanged(userId, false, '2026-11-28T09:00:00.000Z');
    await harness.publish(added);
    await eventually(async () => (await processed(added.id)) === 1);
    await harness.publish(olderRemoval);
    await eventually(async () => (await processed(olderRemoval.id)) === 1);
    expect(await standing.read(testDb.db, userId)).toMatchObject({ hasPaymentMethod: true });

    const laterRemoval = cardChanged(userId, false, '2026-11-28T11:00:00.000Z');
    await harness.publish(laterRemoval);
    await eventually(async () => (await processed(laterRemoval.id)) === 1);
    expect(await standing.read(testDb.db, userId)).toMatchObject({ hasPaymentMethod: false });
  });

  test('when an event breaks its contract, then it is retried, then dead-lettered, and nothing changes', async () => {
    const userId = randomUUID();
    const valid = cardChanged(userId, true, new Date().toISOString());
    const broken = { ...valid, data: { ...valid.data, hasPaymentMethod: 'yes' } } as EventEnvelope;
    await harness.publish(broken);
    await eventually(async () => (await harness.deadLetters()).some((dead) => dead.id === broken.id));
    expect(harness.deliveries(broken.id)).toBe(MAX_ATTEMPTS);
    expect(await standing.read(testDb.db, userId)).toMatchObject({ hasPaymentMethod: false });
    expect(await processed(broken.id)).toBe(0);
  });
});
