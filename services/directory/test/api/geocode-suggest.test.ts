import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeocodeSuggestResponse, LaundromatSearchResponse } from '@laundry/contracts';
import { getJson, startDirectoryStack, type ErrorBody, type TestStack } from '../support/directory-stack.ts';

/**
 * GET /api/geocode/suggest (places as a name is typed, 'Did you mean …?') and the hints the finder sends
 * with a search: the map's centre (near) and the browser's country (region).
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startDirectoryStack();
}, 120_000);

afterAll(() => stack?.stop());

const suggest = (params: Record<string, string>) =>
  getJson<GeocodeSuggestResponse & ErrorBody>(
    stack,
    `/api/geocode/suggest?${new URLSearchParams(params).toString()}`,
  );

const DALLAS = '32.78,-96.8';
const FRANKFURT = '50.11,8.68';

describe('GET /api/geocode/suggest', () => {
  it('when the start of a name is typed, then up to five places that begin so, the largest first', async () => {
    const { status, body } = await suggest({ q: 'Lon' });

    expect(status).toBe(200);
    expect(body.suggestions.length).toBeLessThanOrEqual(5);
    expect(body.suggestions[0]).toMatchObject({ city: 'London', country: 'United Kingdom' });
    expect(body.suggestions.every((s) => s.city?.toLowerCase().startsWith('lon'))).toBe(true);
    expect(body.didYouMean).toEqual([]);
  });

  it('when the start of a station is typed, then it is suggested with its kind and its city', async () => {
    const { status, body } = await suggest({ q: 'Gare du No' });

    expect(status).toBe(200);
    expect(body.suggestions[0]).toMatchObject({
      displayName: 'Gare du Nord, Paris, France',
      city: 'Paris',
      kind: 'station',
    });
  });

  it('when a city begins with the letters of a village, then the city is suggested first', async () => {
    const { body } = await suggest({ q: 'Tok' });

    expect(body.suggestions[0]).toMatchObject({ city: 'Tokyo', country: 'Japan' });
  });

  it('when the map is on Texas and the browser American, then Paris, Texas comes first', async () => {
    const { status, body } = await suggest({ q: 'Paris', near: DALLAS, region: 'us' });

    expect(status).toBe(200);
    expect(body.suggestions[0]).toMatchObject({ city: 'Paris', state: 'Texas', country: 'United States' });
    expect(body.suggestions.map((s) => s.country)).toContain('France');
  });

  it('when the map is on Europe, then Paris, France comes first even from an American browser', async () => {
    const { body } = await suggest({ q: 'Paris', near: FRANKFURT, region: 'US' });

    expect(body.suggestions[0]).toMatchObject({ city: 'Paris', country: 'France' });
  });

  it('when a country is named after the comma, then only its places are suggested', async () => {
    const { body } = await suggest({ q: 'Paris, Canada', near: FRANKFURT });

    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.suggestions.every((s) => s.country === 'Canada')).toBe(true);
  });

  it('when a postal code is typed, then its places are suggested, the map’s country first', async () => {
    const { body } = await suggest({ q: '75001', near: FRANKFURT });

    expect(body.suggestions[0]).toMatchObject({ city: 'Paris', country: 'France' });
  });

  it.each([
    ['Pariss', 'Paris', 'France'],
    ['Barcelonna', 'Barcelona', 'Spain'],
    ['Manchestr', 'Manchester', 'United Kingdom'],
  ])('when %j names no place, then "Did you mean" offers %s, %s', async (typed, city, country) => {
    const { status, body } = await suggest({ q: typed });

    expect(status).toBe(200);
    expect(body.suggestions).toEqual([]);
    expect(body.didYouMean[0]).toMatchObject({ city, country });
  });

  it('when nothing is spelled near the text either, then both lists are empty', async () => {
    const { body } = await suggest({ q: 'Xqzvkt' });

    expect(body).toEqual({ suggestions: [], didYouMean: [] });
  });

  it.each([
    [{ q: '' }, 'Query cannot be empty'],
    [{ q: 'Paris', region: 'USA' }, 'region must be a two-letter ISO 3166 code, such as GB'],
    [{ q: 'Paris', near: 'Texas' }, 'near must be latitude,longitude in degrees, such as 48.85,2.35'],
  ])('when the query is %j, then 400 with the message %j', async (params, message) => {
    const { status, body } = await suggest(params);

    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(message);
  });
});

describe('GET /api/laundromats/search with the finder’s hints', () => {
  const search = (params: Record<string, string>) =>
    getJson<LaundromatSearchResponse & ErrorBody>(
      stack,
      `/api/laundromats/search?${new URLSearchParams(params).toString()}`,
    );

  it('when the map is on Texas and the browser American, then Paris is Paris, Texas', async () => {
    const { status, body } = await search({ q: 'Paris', near: DALLAS, region: 'US' });

    expect(status).toBe(200);
    expect(body.location).toMatchObject({ city: 'Paris', state: 'Texas' });
  });

  it('when the map is on Europe, then Paris is Paris, France', async () => {
    const { status, body } = await search({ q: 'Paris', near: FRANKFURT, region: 'US' });

    expect(status).toBe(200);
    expect(body.location).toMatchObject({ city: 'Paris', country: 'France' });
  });

  it('when no hint is sent, then Paris is Paris, France', async () => {
    const { body } = await search({ q: 'Paris' });

    expect(body.location).toMatchObject({ city: 'Paris', country: 'France' });
  });
});
