import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createViesClient } from '../../src/infra/vies-client.ts';

interface Seen {
  method: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/**
 * A stand-in for VIES's REST check: it refuses a request that is not a JSON POST of countryCode and vatNumber
 * (the prefix apart), and answers as VIES does for the numbers it knows.
 */
function viesStandIn() {
  const seen: Seen[] = [];
  let mode: 'normal' | 'down' | 'busy' | 'slow' = 'normal';
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    let body: { countryCode?: unknown; vatNumber?: unknown } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // left empty: answered 400 below
    }
    seen.push({ method: req.method, contentType: req.headers['content-type'], body });
    if (mode === 'slow') return; // never answers
    if (mode === 'down') return res.writeHead(503).end('Service Unavailable');
    const wellFormed =
      req.method === 'POST' &&
      /application\/json/.test(req.headers['content-type'] ?? '') &&
      typeof body.countryCode === 'string' &&
      /^[A-Z]{2}$/.test(body.countryCode) &&
      typeof body.vatNumber === 'string' &&
      !body.vatNumber.startsWith(body.countryCode);
    if (!wellFormed)
      return res.writeHead(400, { 'content-type': 'application/json' }).end('{"errorWrappers":[]}');
    const answer = (valid: boolean, userError: string) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          countryCode: body.countryCode,
          vatNumber: body.vatNumber,
          requestDate: '2026-11-29T03:00:00.000Z',
          valid,
          requestIdentifier: '',
          name: valid ? 'LAVERIE SARL' : '---',
          address: valid ? '3 RUE DE LA PAIX 75002 PARIS' : '---',
          traderName: '---',
          traderStreet: '---',
          traderPostalCode: '---',
          traderCity: '---',
          traderCompanyType: '---',
          traderNameMatch: 'NOT_PROCESSED',
          traderStreetMatch: 'NOT_PROCESSED',
          traderPostalCodeMatch: 'NOT_PROCESSED',
          traderCityMatch: 'NOT_PROCESSED',
          traderCompanyTypeMatch: 'NOT_PROCESSED',
          userError,
        }),
      );
    if (mode === 'busy') return answer(false, 'MS_UNAVAILABLE');
    const known = body.countryCode === 'FR' && body.vatNumber === '40303265045';
    return answer(known, known ? 'VALID' : 'INVALID');
  });
  return {
    server,
    seen,
    setMode: (next: typeof mode) => {
      mode = next;
    },
  };
}

describe('the VIES adapter', () => {
  const standIn = viesStandIn();
  let url = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}/taxation_customs/vies/rest-api/check-vat-number`;
  });
  afterAll(async () => {
    standIn.server.closeAllConnections();
    await new Promise((resolve) => standIn.server.close(resolve));
  });
  beforeEach(() => {
    standIn.setMode('normal');
    standIn.seen.length = 0;
  });

  it('posts the country and the number apart as JSON, and reads a registered number as valid', async () => {
    await expect(createViesClient({ url }).check('FR40303265045')).resolves.toBe('valid');
    expect(standIn.seen).toEqual([
      {
        method: 'POST',
        contentType: 'application/json',
        body: { countryCode: 'FR', vatNumber: '40303265045' },
      },
    ]);
  });

  it('reads a number VIES does not know as invalid; Greece is asked as EL', async () => {
    await expect(createViesClient({ url }).check('FR99999999999')).resolves.toBe('invalid');
    await expect(createViesClient({ url }).check('EL123456789')).resolves.toBe('invalid');
    expect(standIn.seen[1]?.body).toEqual({ countryCode: 'EL', vatNumber: '123456789' });
  });

  it('a member state’s register that did not answer is unavailable, not invalid', async () => {
    standIn.setMode('busy');
    await expect(createViesClient({ url }).check('FR40303265045')).resolves.toBe('unavailable');
  });

  it('an error status, a timeout or no server at all is unavailable, never valid', async () => {
    standIn.setMode('down');
    await expect(createViesClient({ url }).check('FR40303265045')).resolves.toBe('unavailable');
    standIn.setMode('slow');
    await expect(createViesClient({ url, timeoutMs: 200 }).check('FR40303265045')).resolves.toBe(
      'unavailable',
    );
    await expect(createViesClient({ url: 'http://127.0.0.1:9/' }).check('FR40303265045')).resolves.toBe(
      'unavailable',
    );
  });
});
