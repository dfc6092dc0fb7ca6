import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStack, type TestStack } from '../../test/support/stack.ts';
import {
  startEchoUpstream,
  startGateway,
  type EchoUpstream,
  type GatewayServer,
} from './support/gateway-server.ts';

const RATE_LIMITED = {
  message: 'Too many requests. Please wait a moment and try again.',
  code: 'RATE_LIMIT',
};

describe('the API limit through the real services', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => stack?.stop());

  test('when a client goes over RATE_LIMIT_PER_MINUTE, then it gets 429 with Retry-After and the message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${stack.baseUrl}/api/auth/user`)).status);

    const limited = await fetch(`${stack.baseUrl}/api/auth/user`);

    expect(statuses).toEqual([401, 401, 401]);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject(RATE_LIMITED);
  });

  test('when a client is limited, then health checks still answer', async () => {
    expect((await fetch(`${stack.baseUrl}/alive`)).status).toBe(200);
  });
});

describe('the write and geocoding limits', () => {
  let upstream: EchoUpstream;
  let gateway: GatewayServer;

  beforeAll(async () => {
    upstream = await startEchoUpstream();
    gateway = await startGateway({
      env: {
        RATE_LIMIT_PER_MINUTE: '100',
        WRITE_RATE_LIMIT_PER_MINUTE: '2',
        GEOCODE_RATE_LIMIT_PER_MINUTE: '2',
      },
      upstreams: { identity: upstream.baseUrl, directory: upstream.baseUrl },
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await upstream?.stop();
  });

  const call = async (method: string, path: string) =>
    (await fetch(`${gateway.baseUrl}${path}`, { method })).status;

  test('when a client writes more than WRITE_RATE_LIMIT_PER_MINUTE times, then further writes get 429 but reads pass', async () => {
    const writes = [await call('POST', '/api/favorites'), await call('DELETE', '/api/favorites/x')];

    expect(writes).toEqual([200, 200]);
    expect(await call('POST', '/api/favorites')).toBe(429);
    expect(await call('GET', '/api/favorites')).toBe(200);
  });

  test('when a client geocodes more than GEOCODE_RATE_LIMIT_PER_MINUTE times, then searching is limited too', async () => {
    const lookups = [
      await call('GET', '/api/geocode?q=Paris'),
      await call('GET', '/api/laundromats/search?q=10001'),
    ];

    expect(lookups).toEqual([200, 200]);
    expect(await call('GET', '/api/geocode?q=Tokyo')).toBe(429);
    expect(await call('GET', '/api/laundromats/search?q=Oslo')).toBe(429);
    expect(await call('GET', '/api/laundromats?latitude=51.5&longitude=-0.12')).toBe(200);
  });
});
