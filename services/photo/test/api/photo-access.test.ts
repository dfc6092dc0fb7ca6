import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@laundry/contracts';
import { signUp, type Session } from '../../../../test/support/session.ts';
import {
  addLaundromat,
  request,
  solidImage,
  startPhotoStack,
  storedFiles,
  upload,
  type TestStack,
} from '../support/photo-stack.ts';

interface ErrorBody {
  message: string;
}

let stack: TestStack;
let alice: Session;
let bob: Session;
let laundromatId: string;
let publicPhoto: Photo;
let privatePhoto: Photo;
const unknownId = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';

const ids = (photos: Photo[]) => photos.map((photo) => photo.id);

beforeAll(async () => {
  stack = await startPhotoStack();
  [alice, bob] = await Promise.all([signUp(stack.baseUrl), signUp(stack.baseUrl)]);
  laundromatId = await addLaundromat(stack);
  const png = await solidImage(40, 30);
  publicPhoto = (
    await upload(stack, alice, { bytes: png, fields: { laundromatId, category: 'prices', caption: 'Board' } })
  ).body;
  privatePhoto = (
    await upload(stack, alice, {
      bytes: png,
      fields: { laundromatId, category: 'interior', isPublic: 'false' },
    })
  ).body;
});

afterAll(async () => {
  await stack?.stop();
});

describe('GET /api/photos', () => {
  it('when anyone lists the gallery, then public photos show and private ones do not', async () => {
    const answer = await request<Photo[]>(stack, undefined, '/api/photos');
    expect(answer.status).toBe(200);
    expect(ids(answer.body)).toContain(publicPhoto.id);
    expect(ids(answer.body)).not.toContain(privatePhoto.id);
    expect(ids((await request<Photo[]>(stack, bob, '/api/photos')).body)).not.toContain(privatePhoto.id);
  });

  it('when the owner lists the gallery, then their private photo shows too, newest first', async () => {
    const answer = await request<Photo[]>(stack, alice, '/api/photos');
    expect(ids(answer.body).slice(0, 2)).toEqual([privatePhoto.id, publicPhoto.id]);
  });

  it.each([
    ['prices', true],
    ['machines', false],
    ['all', true],
  ])('when the category is %s, then the prices photo is listed: %s', async (category, listed) => {
    const answer = await request<Photo[]>(stack, undefined, `/api/photos?category=${category}`);
    expect(answer.status).toBe(200);
    expect(ids(answer.body).includes(publicPhoto.id)).toBe(listed);
  });

  it('when the category is unknown, then it answers 400 naming the choices', async () => {
    const answer = await request<ErrorBody>(stack, undefined, '/api/photos?category=kitchen');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'category must be one of all, prices, machines, amenities, exterior, interior',
    );
  });
});

describe('GET /api/photos/{laundromatId}', () => {
  it('when anyone lists a laundromat, then its public photos show', async () => {
    const answer = await request<Photo[]>(stack, bob, `/api/photos/${laundromatId}`);
    expect(answer.status).toBe(200);
    expect(ids(answer.body)).toEqual([publicPhoto.id]);
  });

  it('when the owner lists it, then their private photo shows too', async () => {
    expect(ids((await request<Photo[]>(stack, alice, `/api/photos/${laundromatId}`)).body)).toEqual([
      privatePhoto.id,
      publicPhoto.id,
    ]);
  });

  it('when the id is malformed, then it answers 400', async () => {
    expect((await request(stack, undefined, '/api/photos/not-a-laundromat')).status).toBe(400);
  });
});

describe('GET /api/photos/user/{userId}', () => {
  it('when nobody is signed in, then it answers 401', async () => {
    const answer = await request<ErrorBody>(stack, undefined, `/api/photos/user/${alice.user.id}`);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Unauthorized');
  });

  it("when another user asks for someone's photos, then it answers 403", async () => {
    const answer = await request<ErrorBody>(stack, bob, `/api/photos/user/${alice.user.id}`);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You do not have permission to view these photos');
  });

  it('when the owner asks, then every photo of theirs shows, private included', async () => {
    const answer = await request<Photo[]>(stack, alice, `/api/photos/user/${alice.user.id}`);
    expect(answer.status).toBe(200);
    expect(ids(answer.body)).toEqual([privatePhoto.id, publicPhoto.id]);
  });
});

describe('GET /objects/{path}', () => {
  it('when another user asks for a private image, then it is not found', async () => {
    expect((await request(stack, bob, privatePhoto.privateUrl!)).status).toBe(404);
    expect((await request(stack, undefined, privatePhoto.thumbnailUrl!)).status).toBe(404);
  });

  it('when the owner asks for it, then it is served for their browser only', async () => {
    const answer = await request(stack, alice, privatePhoto.privateUrl!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it('when the browser holds the image already, then it answers 304', async () => {
    const first = await request(stack, undefined, publicPhoto.privateUrl!);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // fetch() marks a request with its own validator 'no-cache', which would force a full answer; a browser
    // revalidating says max-age=0.
    const again = await request(stack, undefined, publicPhoto.privateUrl!, {
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it.each(['/objects/photos/aa/nothing-display.webp', '/objects/..%2F..%2Fetc/passwd', '/objects/photos'])(
    'when the path %s names no stored image, then it is not found',
    async (pathName) => {
      expect((await request(stack, undefined, pathName)).status).toBe(404);
    },
  );
});

describe('PUT /api/photos/{id}', () => {
  it('when nobody is signed in, then it answers 401', async () => {
    const answer = await request(stack, undefined, `/api/photos/${publicPhoto.id}`, {
      method: 'PUT',
      body: { category: 'machines' },
    });
    expect(answer.status).toBe(401);
  });

  it('when another user edits the photo, then it answers 403 and nothing changes', async () => {
    const answer = await request<ErrorBody>(stack, bob, `/api/photos/${publicPhoto.id}`, {
      method: 'PUT',
      body: { caption: 'mine now', category: 'machines' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You do not have permission to change this photo.');
    const [row] = await stack.photoDb.query<{ caption: string }>('SELECT caption FROM photos WHERE id = $1', [
      publicPhoto.id,
    ]);
    expect(row!.caption).toBe('Board');
  });

  it('when the photo does not exist, then it answers 404', async () => {
    const answer = await request(stack, alice, `/api/photos/${unknownId}`, {
      method: 'PUT',
      body: { category: 'machines' },
    });
    expect(answer.status).toBe(404);
  });

  it.each([
    [{ category: 'kitchen' }, 'Category must be one of prices, machines, amenities, exterior, interior'],
    [{ category: 'prices', isPublic: 'yes' }, 'isPublic must be true or false'],
    [{ category: 'prices', caption: 'x'.repeat(501) }, 'Caption must be at most 500 characters'],
  ])('when the owner sends %j, then it answers 400 "%s"', async (body, message) => {
    const answer = await request<ErrorBody>(stack, alice, `/api/photos/${publicPhoto.id}`, {
      method: 'PUT',
      body,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('when the owner makes a photo private, then it changes and others no longer see it', async () => {
    const photo = (await upload(stack, alice, { bytes: await solidImage(20, 20), fields: { laundromatId } }))
      .body;
    const answer = await request<Photo>(stack, alice, `/api/photos/${photo.id}`, {
      method: 'PUT',
      body: { caption: 'Back room', category: 'interior', isPublic: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: photo.id,
      caption: 'Back room',
      category: 'interior',
      isPublic: false,
    });
    expect(ids((await request<Photo[]>(stack, bob, `/api/photos/${laundromatId}`)).body)).not.toContain(
      photo.id,
    );
    expect((await request(stack, bob, photo.privateUrl!)).status).toBe(404);
  });
});

describe('DELETE /api/photos/{id}', () => {
  it('when another user deletes the photo, then it answers 403 and it stays', async () => {
    const answer = await request(stack, bob, `/api/photos/${publicPhoto.id}`, { method: 'DELETE' });
    expect(answer.status).toBe(403);
    expect((await request(stack, undefined, publicPhoto.privateUrl!)).status).toBe(200);
  });

  it('when nobody is signed in, then it answers 401', async () => {
    expect(
      (await request(stack, undefined, `/api/photos/${publicPhoto.id}`, { method: 'DELETE' })).status,
    ).toBe(401);
  });

  it('when the owner deletes it, then the photo and its files are gone', async () => {
    const photo = (await upload(stack, alice, { bytes: await solidImage(20, 20) })).body;
    const filesBefore = await storedFiles(stack);
    const answer = await request(stack, alice, `/api/photos/${photo.id}`, { method: 'DELETE' });
    expect(answer.status).toBe(204);
    expect((await request(stack, alice, photo.privateUrl!)).status).toBe(404);
    expect(ids((await request<Photo[]>(stack, alice, '/api/photos')).body)).not.toContain(photo.id);
    expect((await storedFiles(stack)).length).toBe(filesBefore.length - 2);
    expect((await request(stack, alice, `/api/photos/${photo.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
