import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Favorite, FavoriteCheckResponse, FavoriteListItem } from '@laundry/contracts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import {
  fixture,
  insertFixtures,
  startDirectoryStack,
  type ErrorBody,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
let alice: Session;
let bob: Session;
let asAlice: ReturnType<typeof apiClient>;
let asBob: ReturnType<typeof apiClient>;
let washId: string;
let spinId: string;
let pendingId: string;
const unknownId = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';

beforeAll(async () => {
  stack = await startDirectoryStack();
  [alice, bob] = await Promise.all([signUp(stack.baseUrl), signUp(stack.baseUrl)]);
  asAlice = apiClient(stack.baseUrl, alice);
  asBob = apiClient(stack.baseUrl, bob);
  const ids = await insertFixtures(stack, [
    fixture({
      name: 'Rue Wash',
      address: '3 Rue de Rivoli',
      city: 'Paris',
      country: 'France',
      latitude: 48.8556,
      longitude: 2.3601,
      hours: { monday: '7:00-22:00', tuesday: '24/7' },
      washPriceSmall: 4.5,
      dryPrice30min: 1.2,
      currency: 'EUR',
      averageRating: 4.2,
      totalReviews: 8,
    }),
    fixture({ name: 'Spin City', latitude: 48.86, longitude: 2.35 }),
    fixture({ name: 'Pending One', latitude: 48.87, longitude: 2.35, status: 'pending' }),
  ]);
  [washId, spinId, pendingId] = [ids[0]!, ids[1]!, ids[2]!];
});

afterAll(() => stack?.stop());

const add = (client: ReturnType<typeof apiClient>, laundromatId: unknown) =>
  client('/api/favorites', { method: 'POST', body: { laundromatId } });
const check = async (client: ReturnType<typeof apiClient>, id: string) =>
  ((await (await client(`/api/favorites/${id}/check`)).json()) as FavoriteCheckResponse).isFavorite;
const list = async (client: ReturnType<typeof apiClient>) =>
  (await (await client('/api/favorites')).json()) as FavoriteListItem[];
const storedFavorites = async (userId: string) =>
  stack.directoryDb.query<{ laundromat_id: string }>(
    'SELECT laundromat_id FROM favorites WHERE user_id = $1',
    [userId],
  );

describe('favorites when signed out', () => {
  it('when any favorites call is made without a session, then 401', async () => {
    const signedOut = apiClient(stack.baseUrl);

    const responses = await Promise.all([
      signedOut('/api/favorites'),
      signedOut(`/api/favorites/${washId}/check`),
      signedOut('/api/favorites', { method: 'POST', body: { laundromatId: washId } }),
      signedOut(`/api/favorites/${washId}`, { method: 'DELETE' }),
    ]);

    expect(responses.map((response) => response.status)).toEqual([401, 401, 401, 401]);
  });
});

describe('POST /api/favorites', () => {
  it('when a laundromat is saved, then 201 answers the favorite and it is stored', async () => {
    const response = await add(asAlice, washId);
    const favorite = (await response.json()) as Favorite;

    expect(response.status).toBe(201);
    expect(favorite).toMatchObject({ userId: alice.user.id, laundromatId: washId, id: expect.any(String) });
    expect(await storedFavorites(alice.user.id)).toEqual([{ laundromat_id: washId }]);
  });

  it('when it is saved again, then 200 answers the same favorite and nothing is added', async () => {
    const first = (await (await add(asAlice, spinId)).json()) as Favorite;

    const again = await add(asAlice, spinId);

    expect(again.status).toBe(200);
    expect(((await again.json()) as Favorite).id).toBe(first.id);
    const rows = await storedFavorites(alice.user.id);
    expect(rows.filter((row) => row.laundromat_id === spinId)).toHaveLength(1);
  });

  it('when the laundromat is unknown or pending, then 404 and nothing is stored', async () => {
    const before = (await storedFavorites(alice.user.id)).length;

    expect((await add(asAlice, unknownId)).status).toBe(404);
    expect((await add(asAlice, pendingId)).status).toBe(404);
    expect(await storedFavorites(alice.user.id)).toHaveLength(before);
  });

  it('when the laundromat id is not an id, then 400', async () => {
    const response = await add(asAlice, 'not-an-id');

    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toBe('Must be a valid id');
  });
});

describe('GET /api/favorites/:laundromatId/check', () => {
  it('when the laundromat is saved, then isFavorite is true', async () => {
    await add(asAlice, washId);

    expect(await check(asAlice, washId)).toBe(true);
  });

  it('when the laundromat is unknown or the id malformed, then 404', async () => {
    expect((await asAlice(`/api/favorites/${unknownId}/check`)).status).toBe(404);
    expect((await asAlice('/api/favorites/nope/check')).status).toBe(404);
  });
});

describe('GET /api/favorites', () => {
  it('when the user has favorites, then each carries its card fields, most recently saved first', async () => {
    await add(asAlice, washId);
    await add(asAlice, spinId);

    const items = await list(asAlice);

    expect(items.map((item) => item.id)).toEqual([spinId, washId]);
    expect(items[1]).toMatchObject({
      id: washId,
      name: 'Rue Wash',
      hours: { monday: '7:00-22:00', tuesday: '24/7' },
      averageRating: 4.2,
      totalReviews: 8,
      address: '3 Rue de Rivoli',
      city: 'Paris',
      country: 'France',
      latitude: 48.8556,
      longitude: 2.3601,
      washPriceSmall: 4.5,
      dryPrice30min: 1.2,
      currency: 'EUR',
      timeZone: 'Europe/Paris',
    });
    expect(items[1]!.openStatus).toMatchObject({ isOpenNow: expect.any(Boolean) });
    expect(items[0]).toMatchObject({ averageRating: null, washPriceSmall: null, dryPrice30min: null });
  });
});

describe('DELETE /api/favorites/:laundromatId', () => {
  it('when a saved laundromat is removed, then 204 and check answers false', async () => {
    await add(asAlice, washId);

    const response = await asAlice(`/api/favorites/${washId}`, { method: 'DELETE' });

    expect(response.status).toBe(204);
    expect(await check(asAlice, washId)).toBe(false);
    expect((await storedFavorites(alice.user.id)).map((row) => row.laundromat_id)).not.toContain(washId);
  });

  it('when it is removed twice, then the second is 204 too', async () => {
    await asAlice(`/api/favorites/${washId}`, { method: 'DELETE' });

    expect((await asAlice(`/api/favorites/${washId}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('when the laundromat is unknown, then 404', async () => {
    expect((await asAlice(`/api/favorites/${unknownId}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('favorites of another user', () => {
  it('when Alice has favorites, then Bob sees none of them', async () => {
    await add(asAlice, washId);

    expect(await list(asBob)).toEqual([]);
    expect(await check(asBob, washId)).toBe(false);
  });

  it('when Bob removes a laundromat Alice saved, then Alice still has it', async () => {
    await add(asAlice, washId);

    expect((await asBob(`/api/favorites/${washId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await check(asAlice, washId)).toBe(true);
  });

  it('when both save the same laundromat, then each has a favorite of their own', async () => {
    await add(asAlice, spinId);

    const response = await add(asBob, spinId);

    expect(response.status).toBe(201);
    expect(((await response.json()) as Favorite).userId).toBe(bob.user.id);
    expect(await storedFavorites(bob.user.id)).toEqual([{ laundromat_id: spinId }]);
  });
});
