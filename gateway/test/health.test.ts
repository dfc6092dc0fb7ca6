import { afterEach, describe, expect, test } from 'vitest';
import { startGateway, type GatewayServer } from './support/gateway-server.ts';

let gateway: GatewayServer | undefined;
afterEach(async () => {
  await gateway?.stop();
  gateway = undefined;
});

describe('/alive', () => {
  test('when the process runs, then /alive answers 200 with the service name', async () => {
    gateway = await startGateway({ readiness: { redis: async () => false } });

    const response = await fetch(`${gateway.baseUrl}/alive`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'alive', service: 'gateway' });
  });
});

describe('/ready', () => {
  test('when every dependency answers, then /ready is 200 and lists the checks', async () => {
    gateway = await startGateway({ readiness: { identity: async () => true, redis: async () => true } });

    const response = await fetch(`${gateway.baseUrl}/ready`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      service: 'gateway',
      checks: { identity: true, redis: true },
    });
  });

  test('when a dependency is down or its check throws, then /ready is 503 naming it', async () => {
    gateway = await startGateway({
      readiness: {
        identity: async () => true,
        directory: async () => false,
        redis: () => Promise.reject(new Error('connection refused')),
      },
    });

    const response = await fetch(`${gateway.baseUrl}/ready`);

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'not ready',
      service: 'gateway',
      checks: { identity: true, directory: false, redis: false },
    });
  });
});
