import express from 'express';
import { afterEach, describe, expect, test } from 'vitest';
import { createHttpServer, type HttpServer } from '@laundry/platform/http';

let server: HttpServer | undefined;
afterEach(() => server?.stop());

async function serve(app: express.Express): Promise<string> {
  server = createHttpServer(app);
  const port = await server.start(0, '127.0.0.1');
  return `http://127.0.0.1:${port}`;
}

describe('the HTTP server', () => {
  test("when a request arrives, then its request and response are made with the app's prototypes, before Express sees them", async () => {
    const app = express();
    app.get('/prototypes', (_req, res) => {
      res.end();
    });
    const base = await serve(app);
    const born: boolean[] = [];
    // Runs before the app: Express would otherwise set these prototypes itself, slowly (see createHttpServer).
    server!.server.prependListener('request', (req, res) => {
      born.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
    });

    await fetch(`${base}/prototypes`);

    expect(born).toEqual([true, true]);
  });

  test("when a route uses Express's request and response helpers, then they work as on Express's own server", async () => {
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(express.json());
    app.post('/echo/:name', (req, res) => {
      res
        .status(201)
        .set('x-seen-host', req.hostname)
        .json({
          name: req.params.name,
          q: req.query.q,
          body: req.body as unknown,
          ip: req.ip,
          type: req.get('content-type'),
        });
    });
    const base = await serve(app);

    const answer = await fetch(`${base}/echo/ada?q=laundry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ load: 2 }),
    });

    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-seen-host')).toBe('127.0.0.1');
    expect(await answer.json()).toEqual({
      name: 'ada',
      q: 'laundry',
      body: { load: 2 },
      ip: '203.0.113.7',
      type: 'application/json',
    });
  });

  test('when a request body streams in and the answer streams out, then both arrive whole', async () => {
    const app = express();
    app.put('/count', (req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        res.type('text/plain');
        for (let i = 0; i < 100; i += 1) res.write('x'.repeat(1_000));
        res.end(`|${bytes}`);
      });
    });
    const base = await serve(app);

    const answer = await fetch(`${base}/count`, { method: 'PUT', body: Buffer.alloc(3_000_000, 1) });

    expect(await answer.text()).toBe(`${'x'.repeat(100_000)}|3000000`);
  });
});
