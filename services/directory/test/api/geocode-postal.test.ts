import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeocodeResponse } from '@laundry/contracts';
import { getJson, startDirectoryStack, type ErrorBody, type TestStack } from '../support/directory-stack.ts';

/** GET /api/geocode with a postal code and the optional country and near hints. */

let stack: TestStack;

beforeAll(async () => {
  stack = await startDirectoryStack();
}, 120_000);

afterAll(() => stack?.stop());

const geocode = (params: Record<string, string>) =>
  getJson<GeocodeResponse & ErrorBody>(stack, `/api/geocode?${new URLSearchParams(params).toString()}`);

describe('GET /api/geocode with postal codes', () => {
  it('when q is a code found in two countries and no hint, then both are answered, largest town first', async () => {
    const { status, body } = await geocode({ q: '75001' });

    expect(status).toBe(200);
    expect(body.results.map((r) => r.country)).toEqual(['France', 'United States']);
  });

  it('when the country hint is fr (any case), then only Paris is answered', async () => {
    const { status, body } = await geocode({ q: '75001', country: 'fr' });

    expect(status).toBe(200);
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ city: 'Paris', country: 'France' });
  });

  it('when near is a point in Texas, then the Texan place is answered', async () => {
    const { status, body } = await geocode({ q: '75001', near: '32.78,-96.8' });

    expect(status).toBe(200);
    expect(body.results.map((r) => r.city)).toEqual(['Addison']);
  });

  it('when q is an Italian code that is also a US ZIP code and the hint is IT, then Milan is answered', async () => {
    const { status, body } = await geocode({ q: '20121', country: 'IT' });

    expect(status).toBe(200);
    expect(body.results.map((r) => r.city)).toEqual(['Milan']);
  });

  it('when the code is unknown in the hinted country, then 404 NO_RESULTS, not a place abroad', async () => {
    const { status, body } = await geocode({ q: '75001', country: 'JP' });

    expect(status).toBe(404);
    expect(body.code).toBe('NO_RESULTS');
  });

  it.each([
    [{ q: '75001', country: 'France' }, 'country must be a two-letter ISO 3166 code, such as FR'],
    [{ q: '75001', near: 'Paris' }, 'near must be latitude,longitude in degrees, such as 48.85,2.35'],
    [{ q: '75001', near: '95,2' }, 'near must be latitude,longitude in degrees, such as 48.85,2.35'],
  ])('when the hints are %j, then 400 with the message %j', async (params, message) => {
    const { status, body } = await geocode(params);

    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(message);
  });
});
