import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  laundromatOwnerReleasedV1,
  laundromatOwnerVerifiedV1,
  photoListResponseSchema,
  type Photo,
} from '@laundry/contracts';
import { laundromatOwnerHandlers } from '@laundry/platform/bus';
import { silentLogger } from '../../../../test/support/servers.ts';
import { signUp, type Session } from '../../../../test/support/session.ts';
import {
  addLaundromat,
  request,
  solidImage,
  startPhotoStack,
  upload,
  type TestStack,
} from '../support/photo-stack.ts';

let stack: TestStack;
let alice: Session;
let laundromatName: string;
let laundromatId: string;
let placedPhoto: Photo;
let unplacedPhoto: Photo;

beforeAll(async () => {
  stack = await startPhotoStack();
  alice = await signUp(stack.baseUrl);
  laundromatName = `Harbour Road Launderette ${Date.now()}`;
  laundromatId = await addLaundromat(stack, { name: laundromatName });
  const png = await solidImage(40, 30);
  placedPhoto = (await upload(stack, alice, { bytes: png, fields: { laundromatId, category: 'machines' } }))
    .body;
  unplacedPhoto = (await upload(stack, alice, { bytes: png, fields: { category: 'exterior' } })).body;
});

afterAll(async () => {
  await stack?.stop();
});

const listed = async (path: string, session?: Session) => {
  const answer = await request<unknown>(stack, session, path);
  expect(answer.status).toBe(200);
  return new Map(photoListResponseSchema.parse(answer.body).map((photo) => [photo.id, photo]));
};

describe('photo lists name the laundromat of each photo', () => {
  it('when the gallery is listed, then a photo of a laundromat carries its name and one of none carries null', async () => {
    const photos = await listed('/api/photos');
    expect(photos.get(placedPhoto.id)?.laundromatName).toBe(laundromatName);
    expect(photos.get(unplacedPhoto.id)?.laundromatName).toBeNull();
  });

  it("when a laundromat's photos are listed, then each carries the laundromat's name", async () => {
    const photos = await listed(`/api/photos/${laundromatId}`);
    expect([...photos.values()].map((photo) => photo.laundromatName)).toEqual([laundromatName]);
  });

  it("when the owner lists their photos, then theirs carry their laundromats' names", async () => {
    const photos = await listed(`/api/photos/user/${alice.user.id}`, alice);
    expect(photos.get(placedPhoto.id)?.laundromatName).toBe(laundromatName);
  });

  it('when the directory renames the laundromat, then the next list shows the new name', async () => {
    await stack.directoryDb.query('UPDATE laundromats SET name = $1 WHERE id = $2', [
      `${laundromatName} (new owners)`,
      laundromatId,
    ]);
    const photos = await listed('/api/photos');
    expect(photos.get(placedPhoto.id)?.laundromatName).toBe(`${laundromatName} (new owners)`);
  });
});

describe("a laundromat's owner's photos are marked as the owner's", () => {
  const ownerEvents = () =>
    laundromatOwnerHandlers({ db: stack.photoDb, logger: silentLogger, service: 'photo' });
  const verified = (ownerUserId: string, claimId: string, at: Date) =>
    createEvent(laundromatOwnerVerifiedV1, 'owner', {
      laundromatId,
      claimId,
      ownerUserId,
      method: 'email-domain',
      verifiedAt: at.toISOString(),
    });

  it('when its uploader becomes the verified owner, then their photo of it is marked, and no one else’s, until they give it up', async () => {
    const bob = await signUp(stack.baseUrl);
    const png = await solidImage(20, 20);
    const bobsPhoto = (
      await upload(stack, bob, { bytes: png, fields: { laundromatId, category: 'interior' } })
    ).body;
    expect((await listed(`/api/photos/${laundromatId}`)).get(placedPhoto.id)?.byOwner).toBe(false);

    const claimId = randomUUID();
    const event = verified(alice.user.id, claimId, new Date(Date.now() - 60_000));
    // Delivered twice, as a broker may: the second changes nothing.
    await ownerEvents().verified(event);
    await ownerEvents().verified(event);

    const photos = await listed(`/api/photos/${laundromatId}`);
    expect(photos.get(placedPhoto.id)?.byOwner).toBe(true);
    expect(photos.get(bobsPhoto.id)?.byOwner).toBe(false);
    // Photos of other places stay unmarked, whoever took them.
    expect((await listed('/api/photos')).get(unplacedPhoto.id)?.byOwner).toBe(false);

    await ownerEvents().released(
      createEvent(laundromatOwnerReleasedV1, 'owner', {
        laundromatId,
        claimId,
        reason: 'given-up',
        releasedAt: new Date().toISOString(),
      }),
    );
    expect((await listed(`/api/photos/${laundromatId}`)).get(placedPhoto.id)?.byOwner).toBe(false);
  });
});
