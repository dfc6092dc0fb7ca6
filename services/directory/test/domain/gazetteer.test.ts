import { beforeAll, describe, expect, it } from 'vitest';
import { createGazetteer, normalizePlaceName } from '../../src/infra/geocoding/gazetteer.ts';
import { createGeocoder } from '../../src/infra/geocoding/geocoder.ts';
import { GeocodeError } from '../../src/domain/geocode-error.ts';

const gazetteer = createGazetteer();
const geocoder = createGeocoder({ gazetteer });

beforeAll(() => {
  gazetteer.load();
}, 60_000);

async function failure(promise: Promise<unknown>): Promise<GeocodeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GeocodeError);
  return error as GeocodeError;
}

describe('normalizePlaceName', () => {
  it.each([
    ['  São   Paulo ', 'sao paulo'],
    ['Köln', 'koln'],
    ['Washington, D.C.', 'washington dc'],
    ["Hawai'i", 'hawaii'],
    ['Saint-Étienne', 'saint etienne'],
    ['Straße', 'strasse'],
    ['北京', '北京'],
    ['मुंबई', 'मुंबई'],
    ['ガーデン', 'ガーデン'],
    ['Москва', 'москва'],
    ['Ｔｏｋｙｏ', 'tokyo'],
  ])('when the name is %j, then it normalizes to %j', (name, expected) => {
    expect(normalizePlaceName(name)).toBe(expected);
  });
});

describe('gazetteer search', () => {
  it('when searching London, then London in the United Kingdom comes first', async () => {
    const [first, ...rest] = await geocoder.search('London');
    expect(first).toMatchObject({ city: 'London', country: 'United Kingdom', state: 'England' });
    expect(first?.latitude).toBeCloseTo(51.5, 1);
    expect(first?.longitude).toBeCloseTo(-0.13, 1);
    expect(rest.length).toBeLessThanOrEqual(4);
    expect(rest.map((r) => r.city)).toContain('London');
  });

  it('when searching Paris, then the most populous Paris (France) comes first', async () => {
    const results = await geocoder.search('Paris');
    expect(results[0]).toMatchObject({ city: 'Paris', country: 'France', displayName: 'Paris, France' });
    expect(results.length).toBe(5);
  });

  it.each(['Paris, TX', 'paris, texas', 'Paris TX', 'Paris, Texas, USA'])(
    'when searching %j, then Paris in Texas is the answer',
    async (query) => {
      const results = await geocoder.search(query);
      expect(results[0]).toMatchObject({ city: 'Paris', state: 'Texas', country: 'United States' });
      expect(results.every((r) => r.state === 'Texas')).toBe(true);
    },
  );

  it('when searching with a country code, then only that country answers', async () => {
    const results = await geocoder.search('London, CA');
    expect(results[0]).toMatchObject({ city: 'London', country: 'Canada', state: 'Ontario' });
  });

  it('when searching with accents folded or added, then the same city is found', async () => {
    expect((await geocoder.search('Sao Paulo'))[0]).toMatchObject({ city: 'São Paulo', country: 'Brazil' });
    expect((await geocoder.search('MÜNCHEN'))[0]).toMatchObject({ city: 'Munich', country: 'Germany' });
  });

  it('when searching a common name GeoNames spells differently, then it is found', async () => {
    expect((await geocoder.search('New York'))[0]).toMatchObject({
      city: 'New York City',
      state: 'New York',
    });
    expect((await geocoder.search('Washington, DC'))[0]).toMatchObject({
      country: 'United States',
      state: 'District of Columbia',
    });
  });

  it('when searching a country name alone, then its capital comes first', async () => {
    expect((await geocoder.search('Japan'))[0]).toMatchObject({ city: 'Tokyo', country: 'Japan' });
  });

  it('when searching the start of a name, then the most populous match is offered', async () => {
    expect((await geocoder.search('Toky'))[0]).toMatchObject({ city: 'Tokyo' });
  });

  it.each([
    ['10001', 'New York', 'New York'],
    ['90210', 'Beverly Hills', 'California'],
    ['10001-1234', 'New York', 'New York'],
  ])('when searching the US ZIP %s, then it is %s in the US', async (zip, city, state) => {
    const results = await geocoder.search(zip);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ city, state, country: 'United States' });
    expect(results[0]?.displayName).toContain(zip.slice(0, 5));
  });

  it('when a five-digit code is known in no country, then nothing is found', async () => {
    expect((await failure(geocoder.search('00000'))).code).toBe('NO_RESULTS');
  });

  it.each(['M5V', 'M5V 3L9', 'm5v3l9'])(
    'when searching the Canadian postal code %j, then it is Toronto',
    async (code) => {
      const [result] = await geocoder.search(code);
      expect(result).toMatchObject({ city: 'Toronto', state: 'Ontario', country: 'Canada' });
      expect(result?.latitude).toBeCloseTo(43.65, 1);
    },
  );

  it('when searching gibberish, then NO_RESULTS with its message and 404', async () => {
    const error = await failure(geocoder.search('qxzvbnmwq'));
    expect(error).toMatchObject({
      code: 'NO_RESULTS',
      status: 404,
      message: 'Location not found. Try a different search term or be more specific.',
    });
  });

  it.each(['', '   ', '\t\n'])('when the query is %j, then INVALID_QUERY with 400', async (query) => {
    const error = await failure(geocoder.search(query));
    expect(error).toMatchObject({ code: 'INVALID_QUERY', status: 400, message: 'Query cannot be empty' });
  });

  it('when the query is only punctuation, then NO_RESULTS', async () => {
    expect((await failure(geocoder.search('?!,'))).code).toBe('NO_RESULTS');
  });
});

describe('gazetteer search in the product languages (GeoNames alternate names)', () => {
  it.each([
    ['北京', 'Beijing', 'China'],
    ['东京', 'Tokyo', 'Japan'],
    ['東京', 'Tokyo', 'Japan'],
    ['मुंबई', 'Mumbai', 'India'],
    ['दिल्ली', 'Delhi', 'India'],
    ['Londres', 'London', 'United Kingdom'],
    ['Pékin', 'Beijing', 'China'],
    ['Pekín', 'Beijing', 'China'],
    ['Nueva York', 'New York City', 'United States'],
    ['Москва', 'Moscow', 'Russia'],
    // GeoNames has only the Traditional '紐約': the Simplified spelling is converted.
    ['纽约', 'New York City', 'United States'],
    ['紐約', 'New York City', 'United States'],
    ['Ｔｏｋｙｏ', 'Tokyo', 'Japan'],
  ])('when searching %j, then %s in %s comes first', async (query, city, country) => {
    const [first] = await geocoder.search(query);
    expect(first).toMatchObject({ city, country });
  });

  it.each([
    ['Paris, Francia', 'Paris', 'France'],
    ['Paris Francia', 'Paris', 'France'],
    ['Londres, Royaume-Uni', 'London', 'United Kingdom'],
    ['东京, 日本', 'Tokyo', 'Japan'],
    ['मुंबई, भारत', 'Mumbai', 'India'],
  ])(
    'when searching %j with a localized country, then %s in %s comes first',
    async (query, city, country) => {
      const results = await geocoder.search(query);
      expect(results[0]).toMatchObject({ city, country });
      expect(results.every((r) => r.country === country)).toBe(true);
    },
  );

  it('when a place is found by a name in another script, then it keeps its English display name', async () => {
    expect((await geocoder.search('北京'))[0]?.displayName).toBe('Beijing, China');
  });

  it.each([
    ['Victoria', 'Victoria', 'Canada'],
    ['Dili', 'Dili', 'Timor-Leste'],
  ])(
    'when %j is a place of its own and an old or foreign name of a bigger city, then the place itself comes first',
    async (query, city, country) => {
      expect((await geocoder.search(query))[0]).toMatchObject({ city, country });
    },
  );
});

describe('gazetteer reverse', () => {
  it('when the point is near Tokyo Station, then it is Tokyo', async () => {
    expect(await geocoder.reverse(35.681, 139.767)).toMatchObject({ city: 'Tokyo', country: 'Japan' });
  });

  it('when the point is in a district of a large city, then the city is named with the district', async () => {
    const result = await geocoder.reverse(40.75, -73.99);
    expect(result).toMatchObject({ city: 'New York City', country: 'United States' });
    expect(result?.displayName).toMatch(/, New York City, New York, United States$/);
  });

  it('when the point is near the antimeridian, then cells on the other side are searched too', async () => {
    expect(await geocoder.reverse(-18.14, 178.44)).toMatchObject({ city: 'Suva', country: 'Fiji' });
  });

  it('when the point is in the open ocean, then there is no place', async () => {
    expect(await geocoder.reverse(0, -150)).toBeNull();
  });

  it('when the point is invalid, then there is no place', async () => {
    expect(await geocoder.reverse(91, 0)).toBeNull();
    expect(await geocoder.reverse(Number.NaN, 0)).toBeNull();
  });

  it('when many points are reversed, then each takes well under a few milliseconds (grid index)', () => {
    const started = performance.now();
    for (let i = 0; i < 2000; i += 1) gazetteer.reverse(-50 + (i % 100), -170 + ((i * 7) % 340));
    expect((performance.now() - started) / 2000).toBeLessThan(5);
  });
});

describe('gazetteer districts, landmarks and stations', () => {
  const km = (a: { latitude: number; longitude: number }, b: [number, number]) =>
    Math.hypot((a.latitude - b[0]) * 111.2, (a.longitude - b[1]) * 111.2 * Math.cos((b[0] * Math.PI) / 180));

  // [query, kind, the city it is in, coordinates on the place's Wikipedia article].
  it.each([
    ['Shibuya', 'district', 'Tokyo', [35.6594, 139.7006]],
    ['Montmartre', 'district', 'Paris', [48.8869, 2.3411]],
    ['Trastevere', 'district', 'Rome', [41.8872, 12.4656]],
    ['Kreuzberg', 'district', 'Kreuzberg', [52.4875, 13.3833]],
    ['Gare du Nord', 'station', 'Paris', [48.8809, 2.3553]],
    ["King's Cross station", 'station', 'London', [51.5309, -0.1233]],
    ['Eiffel Tower', 'landmark', 'Paris', [48.8582, 2.2945]],
    ['Times Square', 'landmark', 'New York City', [40.7575, -73.9858]],
  ] as const)(
    'when searching %j, then the %s in %s is found within 10 km of its Wikipedia coordinates',
    (query, kind, city, at) => {
      const [first] = gazetteer.search(query);
      expect(first).toMatchObject({ kind, city });
      expect(km(first!, [...at])).toBeLessThan(10);
    },
  );

  it("when searching King's Cross however it is written, then London's is found", () => {
    for (const query of ["King's Cross", 'Kings Cross', 'kings cross, london']) {
      const [first] = gazetteer.search(query);
      expect(first?.city).toBe('London');
      expect(km(first!, [51.5309, -0.1233])).toBeLessThan(10);
    }
  });

  it('when a landmark is searched by another of its names, then it is the same place', () => {
    expect(gazetteer.search('Tour Eiffel')[0]?.displayName).toBe('Eiffel Tower, Paris, France');
    expect(gazetteer.search('Colosseo')[0]?.displayName).toBe('Colosseum, Rome, Italy');
  });

  it('when a district is shown, then its city follows its name, so choosing it finds it again', () => {
    const [shibuya] = gazetteer.search('Shibuya');
    expect(shibuya?.displayName).toBe('Shibuya, Tokyo, Japan');
    expect(gazetteer.search(shibuya!.displayName)[0]).toEqual(shibuya);
    const [times] = gazetteer.search('Times Square');
    expect(gazetteer.search(times!.displayName)[0]).toEqual(times);
  });

  it('when a district is qualified by its city, then that one is found', () => {
    expect(gazetteer.search('Shibuya Tokyo')[0]?.city).toBe('Tokyo');
    expect(gazetteer.search('Notting Hill, London')[0]?.city).toBe('London');
    expect(gazetteer.search('Gare du Nord, Paris')[0]?.kind).toBe('station');
  });

  it('when a city has the name of a district, then the city comes first and the district after', () => {
    const results = gazetteer.search('Copacabana');
    expect(results[0]?.kind).toBeUndefined();
    expect(results.some((r) => r.kind === 'district' && r.city === 'Rio de Janeiro')).toBe(true);
  });

  it('when a city is searched, then it is still a city, with no kind', () => {
    expect(gazetteer.search('Paris')[0]).toMatchObject({ city: 'Paris', country: 'France' });
    expect(gazetteer.search('Paris')[0]?.kind).toBeUndefined();
  });

  it('when a district is typed in part, then it is suggested', () => {
    const { suggestions } = gazetteer.suggest('Trasteve');
    expect(suggestions[0]?.displayName).toBe('Trastevere, Rome, Italy');
  });

  it('when a point is at a landmark, then it is named by a town as before, not by the landmark', () => {
    const place = gazetteer.reverse(48.8584, 2.2945);
    expect(place?.kind).toBeUndefined();
    expect(place?.displayName).not.toMatch(/Eiffel/);
  });
});
