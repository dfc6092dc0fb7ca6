import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startEchoUpstream,
  startGateway,
  type EchoUpstream,
  type GatewayServer,
} from '../../gateway/test/support/gateway-server.ts';
import { requireRealServers } from './support/real-servers.ts';

const namespace = `t${randomBytes(4).toString('hex')}.`;
let redis: Redis;
let upstream: EchoUpstream;
const replicas: GatewayServer[] = [];

beforeAll(async () => {
  const { redisUrl } = requireRealServers();
  redis = new Redis(redisUrl);
  upstream = await startEchoUpstream();
  for (let i = 0; i < 2; i++) {
    replicas.push(
      await startGateway({
        env: { BUS_NAMESPACE: namespace, RATE_LIMIT_PER_MINUTE: '4' },
        upstreams: { directory: upstream.baseUrl },
        redis,
      }),
    );
  }
});
afterAll(async () => {
  for (const replica of replicas) await replica.stop();
  await upstream?.stop();
  if (redis) {
    const keys = await redis.keys(`${namespace}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
});

describe('two gateway replicas sharing Redis', () => {
  test('when a client spreads its requests over both replicas, then they count against one limit kept in Redis', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const replica = replicas[i % 2]!;
      statuses.push((await fetch(`${replica.baseUrl}/api/laundromats?latitude=1&longitude=2`)).status);
    }

    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(upstream.received).toHaveLength(4);
    const keys = await redis.keys(`${namespace}rl:api*`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0]!))).toBeGreaterThanOrEqual(5);
    expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
  });
});
