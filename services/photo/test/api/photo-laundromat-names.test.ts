import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoListResponseSchema, type Photo } from '@laundry/contracts';
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
