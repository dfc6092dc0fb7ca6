import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { SESSION_COOKIE, signSession } from '@laundry/platform/auth';
import { closedPortUrl, startGateway, type GatewayServer } from './support/gateway-server.ts';

// The export over the real services is test/privacy/export-and-erase.test.ts; here, what the gateway answers
// when it cannot gather every part.

const secret = randomBytes(32).toString('hex');
let gateway: GatewayServer;

beforeAll(async () => {
  const nobody = await closedPortUrl();
  gateway = await startGateway({
    env: {
      SESSION_SECRET: secret,
      IDENTITY_URL: nobody,
      DIRECTORY_URL: nobody,
      REVIEW_URL: nobody,
      PHOTO_URL: nobody,
      AD_URL: nobody,
      BILLING_URL: nobody,
    },
  });
});
afterAll(() => gateway?.stop());

describe('GET /api/me/export when a service does not answer', () => {
  it('when a signed-in person asks and a service is down, then it is a 503 saying so, not an archive missing a part', async () => {
    const session = signSession({ id: randomUUID(), email: 'ana@example.test', role: 'user' }, secret, 3600);
    const answer = await fetch(`${gateway.baseUrl}/api/me/export`, {
      headers: { cookie: `${SESSION_COOKIE}=${session}` },
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toMatchObject({
      code: 'EXPORT_UNAVAILABLE',
      message: expect.stringMatching(
        /^Your data cannot be gathered right now \(the \w+ service did not answer\)/,
      ),
    });
  });

  it('when nobody is signed in, then it is a 401 and no service is asked', async () => {
    const answer = await fetch(`${gateway.baseUrl}/api/me/export`);
    expect(answer.status).toBe(401);
  });
});
