import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHttpServer, createServiceApp, type HttpServer } from '@laundry/platform/http';
import { createLogger } from '@laundry/platform/logging';

let server: HttpServer;
let baseUrl: string;

beforeAll(async () => {
  const app = createServiceApp({
    name: 'raw-body-test',
    logger: createLogger('raw-body-test', 'silent'),
    internalSecret: 'a-test-internal-secret-0123456789',
    bodyLimit: '1kb',
    rawBodyPaths: ['/hook'],
    routes: (router) => {
      const describeBody = (body: unknown) =>
        Buffer.isBuffer(body) ? { raw: body.toString('utf8') } : { parsed: body };
      router.post('/hook', (req, res) => res.json(describeBody(req.body)));
      router.post('/echo', (req, res) => res.json(describeBody(req.body)));
    },
  });
  server = createHttpServer(app);
  baseUrl = `http://127.0.0.1:${await server.start(0, '127.0.0.1')}`;
});
afterAll(() => server?.stop());

const post = (path: string, body: string) =>
  fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('raw body paths', () => {
  test('when JSON is posted to a raw body path, then the route gets the bytes exactly as sent', async () => {
    const sent = '{ "id":  "evt_1",\n"amount": 1.50 }';

    const answer = await post('/hook', sent);

    expect(await answer.json()).toEqual({ raw: sent });
  });

  test('when the same JSON is posted elsewhere, then it is parsed as before', async () => {
    const answer = await post('/echo', '{"id":"evt_1"}');

    expect(await answer.json()).toEqual({ parsed: { id: 'evt_1' } });
  });

  test('when a raw body is over the limit, then it is refused with 413', async () => {
    const answer = await post('/hook', JSON.stringify({ padding: 'x'.repeat(2048) }));

    expect(answer.status).toBe(413);
  });
});
