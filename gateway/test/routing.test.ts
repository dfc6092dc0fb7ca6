import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ServiceName } from '../src/index.ts';
import {
  closedPortUrl,
  startEchoUpstream,
  startGateway,
  type EchoUpstream,
  type GatewayServer,
} from './support/gateway-server.ts';

const configured: ServiceName[] = ['identity', 'directory', 'review', 'ad'];
const upstreams = new Map<ServiceName, EchoUpstream>();
let gateway: GatewayServer;

beforeAll(async () => {
  for (const name of configured) upstreams.set(name, await startEchoUpstream());
  gateway = await startGateway({
    upstreams: {
      ...Object.fromEntries([...upstreams].map(([name, upstream]) => [name, upstream.baseUrl])),
      billing: await closedPortUrl(),
    },
  });
});
afterAll(async () => {
  await gateway?.stop();
  for (const upstream of upstreams.values()) await upstream.stop();
});

describe('routing to the services', () => {
  test.each([
    ['/api/auth/user', 'identity'],
    ['/api/laundromats/search?q=10001', 'directory'],
    ['/api/favorites', 'directory'],
    ['/api/laundromats/0b7e1c1e-0000-4000-8000-000000000001/reviews', 'review'],
    ['/api/campaigns', 'ad'],
  ] as const)(
    'when %s is requested, then only the %s service receives it, path and query intact',
    async (path, service) => {
      const before = new Map([...upstreams].map(([name, upstream]) => [name, upstream.received.length]));

      const response = await fetch(`${gateway.baseUrl}${path}`);

      expect(response.status).toBe(200);
      expect(((await response.json()) as { url: string }).url).toBe(path);
      for (const [name, upstream] of upstreams) {
        expect(upstream.received.length - before.get(name)!).toBe(name === service ? 1 : 0);
      }
    },
  );

  test('when a service is not configured in this deployment, then the answer is 503 with a message', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/photos`);

    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      message: 'The photo service is not available in this deployment.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  test('when a configured service is down, then the answer is 502 with a message', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/payouts`);

    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      message: 'The billing service is not answering. Please try again.',
    });
  });

  test('when an API path belongs to no service, then the answer is a JSON 404', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/unknown`, { headers: { accept: 'text/html' } });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
