import type { Bounds } from '@laundry/contracts';
import { demoCities } from '../../scripts/src/demo-data.ts';
import type { Point } from '../../services/directory/src/infra/laundromat-repository.ts';
import { createSeededRandom } from '../../scripts/src/seeded-random.ts';

export interface BenchQuery {
  city: string;
  point: Point;
  /** About 10 km × 10 km centred on the point: a city-sized map viewport. */
  bounds: Bounds;
}

export const RESULT_LIMIT = 50;
const VIEWPORT_KM = 10;
const KM_PER_DEGREE = 111.32;

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * `count` world cities drawn (deterministically) from the cities the demo data is spread around, each
 * with a point a few km off its centre, as a visitor's position would be.
 */
export function benchQueries(count = 100, seed = 13): BenchQuery[] {
  const random = createSeededRandom(seed);
  const cities = [...demoCities()];
  for (let i = cities.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [cities[i], cities[j]] = [cities[j]!, cities[i]!];
  }
  return cities.slice(0, count).map((city) => {
    const lonScale = KM_PER_DEGREE * Math.cos((city.latitude * Math.PI) / 180);
    const latitude = round6(city.latitude + ((random() - 0.5) * 6) / KM_PER_DEGREE);
    const longitude = round6(city.longitude + ((random() - 0.5) * 6) / lonScale);
    const halfLat = VIEWPORT_KM / 2 / KM_PER_DEGREE;
    const halfLon = VIEWPORT_KM / 2 / lonScale;
    return {
      city: `${city.name}, ${city.countryCode}`,
      point: { latitude, longitude },
      bounds: {
        north: round6(latitude + halfLat),
        south: round6(latitude - halfLat),
        east: round6(longitude + halfLon),
        west: round6(longitude - halfLon),
      },
    };
  });
}

export function nearestPath(query: BenchQuery): string {
  const { latitude, longitude } = query.point;
  return `/api/laundromats?latitude=${latitude}&longitude=${longitude}&limit=${RESULT_LIMIT}`;
}

export function boundsPath(query: BenchQuery): string {
  return `/api/laundromats?bounds=${encodeURIComponent(JSON.stringify(query.bounds))}&limit=${RESULT_LIMIT}`;
}
