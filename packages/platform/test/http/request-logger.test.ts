import express from 'express';
import { pino } from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { createHttpServer, requestLogger, type HttpServer } from '@laundry/platform/http';

interface LogLine {
  level: number;
  msg: string;
  req?: { id: string; method: string; url: string; headers: Record<string, string> };
  res?: { statusCode: number };
  responseTime?: number;
}

let server: HttpServer | undefined;
afterEach(() => server?.stop());

/** An app behind requestLogger whose one route logs a warning through req.log; its log lines as objects. */
async function appLoggingAt(level: string) {
  const lines: LogLine[] = [];
  const logger = pino(
    { level, redact: { paths: ['req.headers.cookie'], remove: true } },
    { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
  );
  const app = express();
  app.use(requestLogger(logger));
  app.get('/things', (req, res) => {
    req.log.warn('something odd');
    res.json({ id: req.id });
  });
  server = createHttpServer(app);
  const port = await server.start(0, '127.0.0.1');
  const get = (headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}/things?near=here`, { headers: { cookie: 'sid=secret', ...headers } });
  return { lines, get };
}

describe.each(['info', 'warn'])('request logging at level %s', (level) => {
  test('when a request comes without an id, then one is made, answered in X-Request-Id and known to the route', async () => {
    const { get } = await appLoggingAt(level);

    const response = await get();

    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.json()).toEqual({ id });
  });

  test('when a request brings its id, then that id is kept', async () => {
    const { get } = await appLoggingAt(level);

    const response = await get({ 'x-request-id': 'trace-me-7' });

    expect(response.headers.get('x-request-id')).toBe('trace-me-7');
  });

  test('when a route logs through req.log, then the line carries the request, its cookie redacted', async () => {
    const { lines, get } = await appLoggingAt(level);

    await get({ 'x-request-id': 'trace-me-8' });

    const warning = lines.find((line) => line.msg === 'something odd');
    expect(warning?.req).toMatchObject({ id: 'trace-me-8', method: 'GET', url: '/things?near=here' });
    expect(warning?.req?.headers).not.toHaveProperty('cookie');
  });
});

describe('the line per request', () => {
  test('when info is on, then each request writes one line with the request, the status and the time taken', async () => {
    const { lines, get } = await appLoggingAt('info');

    await (await get({ 'x-request-id': 'trace-me-9' })).arrayBuffer();
    await server!.stop();

    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      req: { id: 'trace-me-9', method: 'GET' },
      res: { statusCode: 200 },
    });
    expect(completed[0]!.responseTime).toBeGreaterThanOrEqual(0);
  });

  test('when info is off, then no line is written for a request', async () => {
    const { lines, get } = await appLoggingAt('warn');

    await (await get()).arrayBuffer();
    await server!.stop();

    expect(lines.map((line) => line.msg)).toEqual(['something odd']);
  });
});

describe('what the line per request holds', () => {
  test('when info is on, then the line holds the id, method, url, status and time, and no header', async () => {
    const { lines, get } = await appLoggingAt('info');

    await (await get({ 'x-request-id': 'trace-me-10', authorization: 'Bearer secret' })).arrayBuffer();
    await server!.stop();

    const completed = lines.find((line) => line.msg === 'request completed');
    expect(completed?.req).toEqual({ id: 'trace-me-10', method: 'GET', url: '/things?near=here' });
    expect(completed?.res).toEqual({ statusCode: 200 });
    expect(completed?.responseTime).toEqual(expect.any(Number));
    expect(JSON.stringify(completed)).not.toMatch(/secret|headers/);
  });

  test('when an app behind requestLogger is handed the request in-process, then one line is written and req.log is the inner logger', async () => {
    const lines: Array<LogLine & { name?: string }> = [];
    const destination = { write: (line: string) => lines.push(JSON.parse(line) as LogLine) };
    const service = express();
    service.use(requestLogger(pino({ name: 'service' }, destination)));
    service.get('/things', (req, res) => {
      req.log.info('found things');
      res.json({ id: req.id });
    });
    const gateway = express();
    gateway.use(requestLogger(pino({ name: 'gateway' }, destination)));
    gateway.use((req, res, next) => service(req, res, next));
    server = createHttpServer(gateway);
    const port = await server.start(0, '127.0.0.1');

    await (
      await fetch(`http://127.0.0.1:${port}/things`, { headers: { 'x-request-id': 'trace-me-11' } })
    ).json();
    await server.stop();

    expect(lines.filter((line) => line.msg === 'request completed')).toEqual([
      expect.objectContaining({ name: 'gateway', req: { id: 'trace-me-11', method: 'GET', url: '/things' } }),
    ]);
    expect(lines.find((line) => line.msg === 'found things')).toMatchObject({
      name: 'service',
      req: { id: 'trace-me-11' },
    });
  });
});
