import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serviceFor } from '../src/route-table.ts';
import { startEchoUpstream, startGateway, type EchoUpstream } from './support/gateway-server.ts';

describe('the embedded-only paths (the local mail outbox)', () => {
  test('when the services run in the gateway’s process, then /dev/mail belongs to identity', () => {
    expect(serviceFor('/dev/mail', { embedded: true })).toBe('identity');
    expect(serviceFor('/dev/mail/', { embedded: true })).toBe('identity');
  });

  test.each(['/dev/mail', '/dev/mail/', '/dev/mailx', '/dev'])(
    'when the services run elsewhere, then no service owns %s',
    (path) => {
      expect(serviceFor(path)).toBeUndefined();
    },
  );

  describe('through the gateway', () => {
    let identity: EchoUpstream;
    beforeAll(async () => {
      identity = await startEchoUpstream();
    });
    afterAll(() => identity?.stop());

    const outboxReaches = async (options: { embedded: boolean; nodeEnv: string }) => {
      const gateway = await startGateway({
        upstreams: { identity: identity.baseUrl },
        embedded: options.embedded,
        env: { NODE_ENV: options.nodeEnv },
      });
      try {
        const before = identity.received.length;
        const response = await fetch(`${gateway.baseUrl}/dev/mail`);
        await response.arrayBuffer();
        return identity.received.length > before;
      } finally {
        await gateway.stop();
      }
    };

    test('when the gateway runs the embedded mode, then /dev/mail reaches the identity service', async () => {
      expect(await outboxReaches({ embedded: true, nodeEnv: 'development' })).toBe(true);
    });

    test('when the gateway runs the distributed mode, then /dev/mail never reaches a service', async () => {
      expect(await outboxReaches({ embedded: false, nodeEnv: 'development' })).toBe(false);
    });

    test('when the embedded mode runs with NODE_ENV=production, then /dev/mail never reaches a service', async () => {
      expect(await outboxReaches({ embedded: true, nodeEnv: 'production' })).toBe(false);
    });
  });
});
