import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGateway, type GatewayServer } from './support/gateway-server.ts';

/**
 * A service that answers the first request of each connection and keeps the connection open, then drops
 * the connection when a second request arrives on it: what a gateway sees when a pooled connection is
 * closed by the service (its keep-alive ran out, it restarted) just as the next request goes out on it.
 */
async function startDroppingService() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let buffered = '';
    let answered = 0;
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.slice(0, end);
        const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        buffered = buffered.slice(end + 4 + length);
        received.push(head.split(' ', 2).join(' '));
        if (answered > 0) return void socket.resetAndDestroy();
        answered += 1;
        const body = JSON.stringify({ answered: received.length });
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n` +
            `connection: keep-alive\r\nkeep-alive: timeout=60\r\n\r\n${body}`,
        );
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let service: Awaited<ReturnType<typeof startDroppingService>>;
let gateway: GatewayServer;

beforeAll(async () => {
  service = await startDroppingService();
  gateway = await startGateway({ upstreams: { directory: service.baseUrl } });
});
afterAll(async () => {
  await gateway?.stop();
  await service?.stop();
});

describe('a pooled connection the service closed as a request went out on it', () => {
  test('when the request is a read, then it is sent again on a new connection and answered', async () => {
    const path = '/api/laundromats/search?q=10001';
    expect((await fetch(`${gateway.baseUrl}${path}`)).status).toBe(200);
    const before = service.received.length;

    const again = await fetch(`${gateway.baseUrl}${path}`);

    expect(again.status).toBe(200);
    // Once on the dropped connection, once on a new one.
    expect(service.received.slice(before)).toEqual([`GET ${path}`, `GET ${path}`]);
  });

  test('when the request is a write, then it is not sent twice, and the person is told to try again', async () => {
    const post = () =>
      fetch(`${gateway.baseUrl}/api/favorites`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ laundromatId: '0b7e1c1e-0000-4000-8000-000000000001' }),
      });
    // A read leaves the gateway one pooled connection that has had its one answer.
    expect((await fetch(`${gateway.baseUrl}/api/laundromats/search?q=10001`)).status).toBe(200);
    const before = service.received.length;

    const again = await post();

    expect(again.status).toBe(502);
    expect(await again.json()).toMatchObject({
      message: 'The directory service is not answering. Please try again.',
    });
    expect(service.received.slice(before)).toEqual(['POST /api/favorites']);
  });
});
