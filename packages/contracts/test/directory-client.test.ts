import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDirectoryClient, ServiceUnavailableError } from '../src/index.ts';

const LISTED = '00000000-0000-4000-8000-000000000001';
const SLOW = '00000000-0000-4000-8000-000000000002';
const BROKEN = '00000000-0000-4000-8000-000000000003';
const asked: string[] = [];
let directory: Server;
let baseUrl: string;

/** A stand-in directory: the one listed laundromat, a slow answer, a failing one, 404 for the rest. */
beforeAll(async () => {
  directory = createServer((req, res) => {
    asked.push(`${req.method} ${req.url} ${req.headers.cookie ?? ''}`.trim());
    if (req.url === `/api/laundromats/${SLOW}`) return void setTimeout(() => res.end('{}'), 1_000);
    res.statusCode = req.url === `/api/laundromats/${LISTED}` ? 200 : req.url?.endsWith(BROKEN) ? 500 : 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => directory.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(directory.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => directory.close(() => resolve())));

// A loaded machine can take longer than the slow case's timeout for a first request: only that case is short.
const client = (url = baseUrl, timeoutMs = 10_000) =>
  createDirectoryClient({ baseUrl: url, timeoutMs, unavailableMessage: 'Try again in a moment.' });

describe('the directory client', () => {
  test('when the directory lists the laundromat, then it is listed; when it answers 404, then it is not', async () => {
    expect(await client().isListed(LISTED)).toBe(true);
    expect(await client().isListed('00000000-0000-4000-8000-000000000009')).toBe(false);
    expect(asked).toContain(`GET /api/laundromats/${LISTED}`);
  });

  test('when the id holds characters a path would read, then they are sent encoded', async () => {
    expect(await client().isListed('../favorites')).toBe(false);
    expect(asked).toContain('GET /api/laundromats/..%2Ffavorites');
  });

  test.each([
    ['answers too slowly', () => client(baseUrl, 200).isListed(SLOW)],
    ['fails', () => client().isListed(BROKEN)],
    ['is not there at all', () => client('http://127.0.0.1:9').isListed(LISTED)],
  ])('when the directory %s, then the caller gets a 503 with its own message', async (_what, ask) => {
    const error = await ask().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({
      status: 503,
      code: 'DIRECTORY_UNAVAILABLE',
      message: 'Try again in a moment.',
    });
  });
});
