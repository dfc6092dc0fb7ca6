import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStack, type TestStack } from '../../test/support/stack.ts';
import { apiClient, signUp, type Session } from '../../test/support/session.ts';

const CROSS_ORIGIN_MESSAGE = 'Cross-origin requests are not allowed to change data.';

let stack: TestStack;
let session: Session;

beforeAll(async () => {
  stack = await startStack();
  session = await signUp(stack.baseUrl);
});
afterAll(() => stack?.stop());

const newLaundromat = () => ({
  name: `Suds ${randomBytes(4).toString('hex')}`,
  address: '1 Test Street',
  city: 'London',
  country: 'United Kingdom',
  latitude: 51.5074,
  longitude: -0.1278,
});

async function submitWith(headers: Record<string, string>) {
  const body = newLaundromat();
  const response = await apiClient(stack.baseUrl, session)('/api/laundromats', {
    method: 'POST',
    body,
    headers,
  });
  const rows = await stack.directoryDb.query('SELECT id FROM laundromats WHERE name = $1', [body.name]);
  return { response, stored: rows.length };
}

describe('a mutation from another site', () => {
  test('when Sec-Fetch-Site is cross-site, then it is refused with a clear message and nothing is stored', async () => {
    const { response, stored } = await submitWith({ 'sec-fetch-site': 'cross-site' });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: CROSS_ORIGIN_MESSAGE });
    expect(stored).toBe(0);
  });

  test('when Sec-Fetch-Site is same-site (a sibling subdomain), then it is refused', async () => {
    const { response, stored } = await submitWith({ 'sec-fetch-site': 'same-site' });

    expect(response.status).toBe(403);
    expect(stored).toBe(0);
  });

  test('when the Origin is another site, then it is refused and nothing is stored', async () => {
    const { response, stored } = await submitWith({ origin: 'https://evil.example' });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: CROSS_ORIGIN_MESSAGE });
    expect(stored).toBe(0);
  });

  test.each([
    ['the same host over https', (base: URL) => `https://${base.host}`],
    ['the same host name on another port', (base: URL) => `http://${base.hostname}:${Number(base.port) + 1}`],
  ])('when the Origin is %s, then it is another origin and refused', async (_what, originFor) => {
    const { response, stored } = await submitWith({ origin: originFor(new URL(stack.baseUrl)) });

    expect(response.status).toBe(403);
    expect(stored).toBe(0);
  });

  test('when the Origin is not a URL, then it is refused', async () => {
    const { response } = await submitWith({ origin: 'null' });

    expect(response.status).toBe(403);
  });
});

describe('a mutation from our own pages or a non-browser client', () => {
  test('when Sec-Fetch-Site is same-origin, then it passes', async () => {
    const { response, stored } = await submitWith({ 'sec-fetch-site': 'same-origin' });

    expect(response.status).toBe(201);
    expect(stored).toBe(1);
  });

  test('when the Origin equals the Host, then it passes', async () => {
    const { response, stored } = await submitWith({ origin: stack.baseUrl });

    expect(response.status).toBe(201);
    expect(stored).toBe(1);
  });

  test('when neither Origin nor Sec-Fetch-Site is sent, then it passes', async () => {
    const { response, stored } = await submitWith({});

    expect(response.status).toBe(201);
    expect(stored).toBe(1);
  });

  test('when a cross-site request only reads, then it passes', async () => {
    const response = await fetch(`${stack.baseUrl}/api/laundromats?latitude=51.5&longitude=-0.12`, {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });

    expect(response.status).toBe(200);
  });
});

describe('answers that depend on the signed-in person', () => {
  test.each(['/api/auth/user', '/api/favorites', '/api/laundromats?latitude=51.5&longitude=-0.12'])(
    'when a signed-in person asks for %s, then no cache may keep the answer',
    async (path) => {
      const response = await apiClient(stack.baseUrl, session)(path);

      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
    },
  );
});

describe('paths that are the API', () => {
  test.each(['/api', '/api/', '/api/no-such-thing', '/API/laundromats-nope', '/objects', '/objects/missing'])(
    'when %s matches nothing, then the answer is a JSON 404, never the web app',
    async (path) => {
      const response = await fetch(`${stack.baseUrl}${path}`, { headers: { accept: 'text/html' } });

      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    },
  );
});
