import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  INTERNAL_IDENTITY_HEADER,
  readInternalIdentity,
  SESSION_COOKIE,
  signInternalIdentity,
  signSession,
  type Identity,
} from '@laundry/platform/auth';
import { startStack, type TestStack } from '../../test/support/stack.ts';
import { signUp, type Session } from '../../test/support/session.ts';
import {
  startEchoUpstream,
  startGateway,
  type EchoUpstream,
  type GatewayServer,
} from './support/gateway-server.ts';

const someone: Identity = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'someone@example.test',
  role: 'admin',
};

describe('identity forwarding to a stand-in upstream', () => {
  let upstream: EchoUpstream;
  let gateway: GatewayServer;

  beforeAll(async () => {
    upstream = await startEchoUpstream();
    gateway = await startGateway({ upstreams: { identity: upstream.baseUrl } });
  });
  afterAll(async () => {
    await gateway?.stop();
    await upstream?.stop();
  });

  const echo = async (headers: Record<string, string>) => {
    const response = await fetch(`${gateway.baseUrl}/api/auth/user`, { headers });
    expect(response.status).toBe(200);
    return (await response.json()) as { headers: Record<string, string | undefined> };
  };

  test('when a client sends its own identity header, then it never reaches the service', async () => {
    const forged = signInternalIdentity(someone, gateway.config.INTERNAL_SECRET);

    const received = await echo({ [INTERNAL_IDENTITY_HEADER]: forged });

    const token = received.headers[INTERNAL_IDENTITY_HEADER];
    expect(token).not.toBe(forged);
    expect(readInternalIdentity(token!, gateway.config.INTERNAL_SECRET)?.user).toBeUndefined();
  });

  test('when anyone calls, then the service receives the client address the gateway decided, signed', async () => {
    const received = await echo({});

    const token = received.headers[INTERNAL_IDENTITY_HEADER];
    expect(readInternalIdentity(token!, gateway.config.INTERNAL_SECRET)).toEqual({
      clientAddress: '127.0.0.1',
    });
    expect(readInternalIdentity(token!, 'another-internal-secret-0123456789')).toBeUndefined();
  });

  test('when the session cookie is valid, then the service receives an identity signed with the internal secret', async () => {
    const cookie = `${SESSION_COOKIE}=${signSession(someone, gateway.config.SESSION_SECRET, 600)}`;

    const received = await echo({ cookie, [INTERNAL_IDENTITY_HEADER]: 'forged' });

    const token = received.headers[INTERNAL_IDENTITY_HEADER];
    expect(token).toBeDefined();
    expect(readInternalIdentity(token!, gateway.config.INTERNAL_SECRET)?.user).toEqual(someone);
  });
});

describe('identity forwarding through the real identity service', () => {
  let stack: TestStack;
  let session: Session;

  beforeAll(async () => {
    stack = await startStack();
    session = await signUp(stack.baseUrl);
  });
  afterAll(() => stack?.stop());

  const currentUser = (headers: Record<string, string>) =>
    fetch(`${stack.baseUrl}/api/auth/user`, { headers });
  const sessionToken = () => session.cookie.slice(`${SESSION_COOKIE}=`.length);
  const withToken = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  test('when the session cookie is valid, then the service sees the verified user', async () => {
    const response = await currentUser({ cookie: session.cookie });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: session.user.id, email: session.user.email });
  });

  test('when a client forges the internal identity header, then it is not signed in, whatever secret it used', async () => {
    const identity: Identity = { id: session.user.id, email: session.user.email, role: 'admin' };
    for (const secret of ['a-wrong-secret-of-some-length-0123456789', stack.env.INTERNAL_SECRET!]) {
      const response = await currentUser({
        [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(identity, secret),
      });

      expect(response.status).toBe(401);
    }
  });

  test('when the cookie is not even valid percent-encoding, then the request is anonymous, not an error', async () => {
    const response = await currentUser(withToken('%E0%A4%A'));

    expect(response.status).toBe(401);
  });

  test('when the cookie is signed with a wrong secret, then the request is anonymous', async () => {
    const identity: Identity = { id: session.user.id, email: session.user.email, role: 'user' };
    const response = await currentUser(
      withToken(signSession(identity, 'a-wrong-secret-of-some-length-0123456789', 600)),
    );

    expect(response.status).toBe(401);
  });

  test('when the cookie payload is tampered with, then the request is anonymous', async () => {
    const [header, payload, signature] = sessionToken().split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = base64url({ ...claims, role: 'admin' });

    const response = await currentUser(withToken(`${header}.${tampered}.${signature}`));

    expect(response.status).toBe(401);
  });

  test('when the cookie uses alg none, then the request is anonymous', async () => {
    const [, payload] = sessionToken().split('.');
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;

    const response = await currentUser(withToken(unsigned));

    expect(response.status).toBe(401);
  });

  /** A token signed with the real session secret, as a leaked secret or a confused signer would make it. */
  const issuedAt = () => (jwt.decode(sessionToken()) as { iat: number }).iat;
  const signedWith = (header: Record<string, unknown>, extraClaims: Record<string, unknown> = {}) =>
    // Dated as the real session is: proving the address at sign-up ended the sessions signed before it.
    jwt.sign(
      { email: session.user.email, role: 'user', iat: issuedAt(), ...extraClaims },
      stack.env.SESSION_SECRET!,
      {
        algorithm: 'HS256',
        subject: session.user.id,
        audience: 'session',
        expiresIn: 600,
        header: header as unknown as jwt.JwtHeader,
      },
    );

  test.each([
    ['a crit header', { alg: 'HS256', typ: 'JWT', crit: ['exp'] }, {}],
    ['a key id the verifier does not expect', { alg: 'HS256', typ: 'JWT', kid: 'other-key' }, {}],
    ['a claim the verifier does not expect', { alg: 'HS256', typ: 'JWT' }, { scope: 'admin' }],
    ['a role that does not exist', { alg: 'HS256', typ: 'JWT' }, { role: 'superuser' }],
  ])(
    'when the cookie is correctly signed but carries %s, then the request is anonymous',
    async (_what, header, claims) => {
      const response = await currentUser(withToken(signedWith(header, claims)));

      expect(response.status).toBe(401);
    },
  );

  test('when the cookie is correctly signed with only the expected fields, then it is accepted (the check above is not vacuous)', async () => {
    const response = await currentUser(withToken(signedWith({ alg: 'HS256', typ: 'JWT' })));

    expect(response.status).toBe(200);
  });

  test('when the cookie has expired, then the request is anonymous', async () => {
    const expired = jwt.sign(
      { email: session.user.email, role: 'user', exp: Math.floor(Date.now() / 1000) - 60 },
      stack.env.SESSION_SECRET!,
      { algorithm: 'HS256', subject: session.user.id, audience: 'session' },
    );

    const response = await currentUser(withToken(expired));

    expect(response.status).toBe(401);
  });
});
