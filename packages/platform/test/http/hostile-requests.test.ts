import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHttpServer, createServiceApp, type HttpServer } from '@laundry/platform/http';
import { createLogger } from '@laundry/platform/logging';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@laundry/platform/auth';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

const SECRET = 'a-test-internal-secret-0123456789';
const lines: LogLine[] = [];
const rawLines: string[] = [];
let server: HttpServer;
let baseUrl: string;

beforeAll(async () => {
  const logger = createLogger('hostile-test', 'debug', {
    write: (line: string) => {
      rawLines.push(line);
      lines.push(JSON.parse(line) as LogLine);
    },
  });
  const app = createServiceApp({
    name: 'hostile-test',
    logger,
    internalSecret: SECRET,
    bodyLimit: '20kb',
    routes: (router) => {
      router.post('/echo', (req, res) => {
        res.cookie('sid', 'a-session-token-that-must-not-be-logged');
        res.json({ body: req.body as unknown });
      });
      router.get('/items/:id', (req, res) => {
        res.json({ id: req.params.id, query: req.query, user: req.user ?? null });
      });
    },
  });
  server = createHttpServer(app);
  baseUrl = `http://127.0.0.1:${await server.start(0, '127.0.0.1')}`;
});
afterAll(() => server?.stop());

const post = (body: BodyInit, headers: Record<string, string>) =>
  fetch(`${baseUrl}/echo`, { method: 'POST', headers, body });

describe('NUL characters', () => {
  test.each([
    ['a JSON field', { name: 'ok', note: 'bad\u0000text' }, 'note'],
    ['a nested field', { address: { city: 'Paris\u0000' } }, 'address.city'],
    ['an array item', { tags: ['a', 'b\u0000'] }, 'tags.1'],
    ['a key', { ['k\u0000']: 1 }, 'k\u0000'],
  ])('when %s holds one, then 400 names the field', async (_what, body, field) => {
    const response = await post(JSON.stringify(body), { 'content-type': 'application/json' });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: `'${field}' contains a NUL character, which is not allowed.`,
      code: 'NUL_CHARACTER',
    });
  });

  test('when a form field holds one, then 400 names the field', async () => {
    const response = await post('name=a%00b', { 'content-type': 'application/x-www-form-urlencoded' });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'NUL_CHARACTER',
      message: expect.stringContaining("'name'"),
    });
  });

  test('when the query or the path holds one, then 400 names where', async () => {
    const inQuery = await fetch(`${baseUrl}/items/1?q=a%00b`);
    const inPath = await fetch(`${baseUrl}/items/a%00b`);

    expect(inQuery.status).toBe(400);
    expect(await inQuery.json()).toMatchObject({
      message: "'q' contains a NUL character, which is not allowed.",
    });
    expect(inPath.status).toBe(400);
    expect(await inPath.json()).toMatchObject({
      message: "'path' contains a NUL character, which is not allowed.",
    });
  });

  test('when a body is nested thousands of levels deep, then 400 says so (no stack overflow, no 500)', async () => {
    const depth = 5_000;
    const response = await post(`${'['.repeat(depth)}${']'.repeat(depth)}`, {
      'content-type': 'application/json',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The request is nested too deeply.',
      code: 'TOO_DEEPLY_NESTED',
    });
  });

  test('when nothing holds one, then the request goes through (the check is not vacuous)', async () => {
    const response = await post(JSON.stringify({ note: 'fine text' }), {
      'content-type': 'application/json',
    });

    expect(response.status).toBe(200);
  });
});

describe("the body parsers' own refusals keep their 4xx", () => {
  test('when a form has more fields than the parser allows, then 413 says so', async () => {
    const form = Array.from({ length: 1200 }, (_, i) => `f${i}=1`).join('&');
    const response = await fetch(`${baseUrl}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      message: 'The form has too many fields.',
      code: 'TOO_MANY_PARAMETERS',
    });
  });

  test('when a gzip body is broken, then 400', async () => {
    const broken = gzipSync(JSON.stringify({ a: 1 })).subarray(0, 12);
    const response = await post(broken, { 'content-type': 'application/json', 'content-encoding': 'gzip' });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The request could not be read.' });
  });

  test('when a gzip body is whole, then it is read (the refusal above is about the break)', async () => {
    const whole = gzipSync(JSON.stringify({ a: 1 }));
    const response = await post(whole, { 'content-type': 'application/json', 'content-encoding': 'gzip' });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ body: { a: 1 } });
  });

  test.each([
    ['an unsupported encoding', { 'content-encoding': 'zstd-nope' }],
    ['an unsupported charset', { 'content-type': 'application/json; charset=klingon' }],
  ])('when the body has %s, then 415', async (_what, headers) => {
    const response = await post('{"a":1}', { 'content-type': 'application/json', ...headers });

    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'UNSUPPORTED_ENCODING' });
  });

  test('when the JSON is malformed, then 400 with the usual message', async () => {
    const response = await post('{"a":', { 'content-type': 'application/json' });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'MALFORMED_JSON',
    });
  });
});

describe('a request the client abandons', () => {
  test('when the client goes away mid-body, then it is logged at debug, not as an unhandled error', async () => {
    const before = lines.length;
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${baseUrl}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '1000' },
      });
      req.on('error', () => resolve());
      req.write('{"a":"');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
    await expect
      .poll(() => lines.slice(before).some((line) => line.msg === 'client aborted the request'))
      .toBe(true);

    const logged = lines.slice(before);
    expect(logged.find((line) => line.msg === 'client aborted the request')?.level).toBe(20);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect((await fetch(`${baseUrl}/items/1`)).status).toBe(200);
  });
});

describe('credentials in the logs', () => {
  test('when requests and answers carry cookies, tokens and the signed identity, then no log line holds them', async () => {
    const internal = signInternalIdentity(
      { id: '00000000-0000-4000-8000-000000000009', email: 'x@example.test', role: 'user' },
      SECRET,
      '203.0.113.7',
    );
    await post(JSON.stringify({ a: 1 }), {
      'content-type': 'application/json',
      cookie: 'sid=a-cookie-token-that-must-not-be-logged',
      authorization: 'Bearer a-bearer-token-that-must-not-be-logged',
      [INTERNAL_IDENTITY_HEADER]: internal,
    });
    await expect.poll(() => lines.some((line) => line.msg === 'request completed')).toBe(true);

    const everything = rawLines.join('\n');
    expect(everything).toContain('request completed');
    expect(everything).not.toContain('a-cookie-token-that-must-not-be-logged');
    expect(everything).not.toContain('a-bearer-token-that-must-not-be-logged');
    expect(everything).not.toContain('a-session-token-that-must-not-be-logged');
    expect(everything).not.toContain(internal);
  });
});
