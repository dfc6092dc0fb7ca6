import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  laundromatOwnerReleasedV1,
  laundromatOwnerVerifiedV1,
  type Laundromat,
} from '@laundry/contracts';
import { silentLogger } from '../../../../test/support/servers.ts';
import { ownerReleasedHandler, ownerVerifiedHandler } from '../../src/consumers/laundromat-owner.handler.ts';
import {
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
let verified: ReturnType<typeof ownerVerifiedHandler>;
let released: ReturnType<typeof ownerReleasedHandler>;

beforeAll(async () => {
  stack = await startDirectoryStack();
  // The directory's own handlers, called as the bus would (each event once or more, in any order).
  verified = ownerVerifiedHandler({ db: stack.directoryDb, logger: silentLogger });
  released = ownerReleasedHandler({ db: stack.directoryDb, logger: silentLogger });
});

afterAll(() => stack?.stop());

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, seconds)).toISOString();
const verifiedEvent = (laundromatId: string, claimId: string, second: number) =>
  createEvent(laundromatOwnerVerifiedV1, 'owner', {
    laundromatId,
    claimId,
    ownerUserId: randomUUID(),
    method: 'document',
    verifiedAt: at(second),
  });
const releasedEvent = (laundromatId: string, claimId: string, second: number) =>
  createEvent(laundromatOwnerReleasedV1, 'owner', {
    laundromatId,
    claimId,
    reason: 'given-up',
    releasedAt: at(second),
  });
const ownerOf = async (id: string) => {
  const { body } = await getJson<Laundromat>(stack, `/api/laundromats/${id}`);
  return { ownerVerified: body.ownerVerified, ownerUpdatedAt: body.ownerUpdatedAt };
};

describe("a laundromat's owner from the owner service's events", () => {
  it('when a laundromat has no owner, then its answer says so, with no owner edit', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 51.5, longitude: -0.1 })]);
    expect(await ownerOf(id!)).toEqual({ ownerVerified: false, ownerUpdatedAt: null });
  });

  it('when an owner is verified, twice delivered, then released, then the answer follows each once', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 51.51, longitude: -0.1 })]);
    const claim = randomUUID();
    const event = verifiedEvent(id!, claim, 1);
    await verified(event);
    await verified(event);
    expect(await ownerOf(id!)).toEqual({ ownerVerified: true, ownerUpdatedAt: null });
    await released(releasedEvent(id!, claim, 2));
    expect(await ownerOf(id!)).toEqual({ ownerVerified: false, ownerUpdatedAt: null });
  });

  it('when a release arrives before the verification it ends, then the late verification is ignored', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 51.52, longitude: -0.1 })]);
    const claim = randomUUID();
    await released(releasedEvent(id!, claim, 5));
    await verified(verifiedEvent(id!, claim, 4));
    expect((await ownerOf(id!)).ownerVerified).toBe(false);
  });

  it("when an older owner's release arrives after a new owner, then the new owner stays", async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 51.53, longitude: -0.1 })]);
    const oldClaim = randomUUID();
    await verified(verifiedEvent(id!, oldClaim, 1));
    // An admin gave the laundromat to someone else: the new verification and the old release at one instant.
    await verified(verifiedEvent(id!, randomUUID(), 9));
    await released(releasedEvent(id!, oldClaim, 9));
    expect((await ownerOf(id!)).ownerVerified).toBe(true);
  });
});
