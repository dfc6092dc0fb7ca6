import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  INTERNAL_IDENTITY_HEADER,
  signInternalIdentity,
  signSession,
  type Identity,
} from '@laundry/platform/auth';
import {
  registerAndSignIn,
  startIdentityServer,
  uniqueEmail,
  type IdentityTestServer,
} from '../support/identity-server.ts';

vi.setConfig({ testTimeout: 30_000 });

let server: IdentityTestServer;
let user: Identity & Record<string, unknown>;

beforeAll(async () => {
  server = await startIdentityServer();
  const response = await registerAndSignIn<Identity & Record<string, unknown>>(server, {
    email: uniqueEmail('session'),
    password: 'a fine password',
    firstName: 'Grace',
    confirmAge13: true,
  });
  user = response.body;
}, 60_000);
afterAll(() => server?.stop());

/** What the gateway attaches after verifying the session cookie. */
const asGateway = (identity: Identity, secret = server.config.INTERNAL_SECRET) => ({
  [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(identity, secret),
});
const getUser = (headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/api/auth/user`, { headers });

describe('GET /api/auth/user', () => {
  test('when the gateway vouches for a signed-in user, then 200 answers the fresh user record', async () => {
    await server.db.query('UPDATE users SET contribution_points = 15, contributor_badge = $2 WHERE id = $1', [
      user.id,
      'Helper',
    ]);
    const response = await getUser(asGateway({ id: user.id, email: user.email, role: 'user' }));

    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'email',
        'firstName',
        'lastName',
        'profileImageUrl',
        'contributionPoints',
        'laundromatsAdded',
        'reviewsWritten',
        'photosUploaded',
        'contributorBadge',
        'role',
        'emailVerified',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    expect(body).toMatchObject({
      id: user.id,
      firstName: 'Grace',
      contributionPoints: 15,
      contributorBadge: 'Helper',
    });
  });

  test('when nobody is signed in, then 401 Unauthorized', async () => {
    const response = await getUser();

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Unauthorized' });
  });

  test('when the identity header is signed with another secret, then 401', async () => {
    const response = await getUser(
      asGateway({ id: user.id, email: user.email, role: 'admin' }, 'forged-secret-forged-secret'),
    );

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Unauthorized' });
  });

  test('when the identity header is garbage, then 401', async () => {
    const response = await getUser({ [INTERNAL_IDENTITY_HEADER]: 'not-a-token' });

    expect(response.status).toBe(401);
  });

  test('when only a session cookie is sent (not through the gateway), then 401: services trust the gateway alone', async () => {
    const cookie = signSession(
      { id: user.id, email: user.email, role: 'user' },
      server.config.SESSION_SECRET,
      60,
    );
    const response = await getUser({ cookie: `sid=${cookie}` });

    expect(response.status).toBe(401);
  });

  test('when the signed-in account no longer exists, then 401', async () => {
    const gone = await registerAndSignIn<Identity>(server, {
      email: uniqueEmail('gone'),
      password: 'a fine password',
      confirmAge13: true,
    });
    await server.db.query('DELETE FROM users WHERE id = $1', [gone.body.id]);
    const response = await getUser(asGateway(gone.body));

    expect(response.status).toBe(401);
  });

  test('when the identity names a user id that is not a uuid, then 401 rather than a database error', async () => {
    const response = await getUser(asGateway({ id: 'not-a-uuid', email: 'x@example.com', role: 'user' }));

    expect(response.status).toBe(401);
  });
});

describe('GET /api/logout', () => {
  test('when called, then the session cookie is cleared and the browser goes to /', async () => {
    const response = await fetch(`${server.baseUrl}/api/logout`, { redirect: 'manual' });

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    const [cleared] = response.headers.getSetCookie();
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    expect(cleared).toMatch(/Path=\//);
    expect(cleared).toMatch(/HttpOnly/);
    expect(cleared).toMatch(/SameSite=Lax/);
  });
});
