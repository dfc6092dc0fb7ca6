import { describe, expect, it } from 'vitest';
import { readCityRecords } from '../../services/directory/src/infra/geocoding/city-records.ts';
import type { CityRecord } from '../../services/directory/src/infra/geocoding/city-records.ts';
import { buildIndex } from '../../services/directory/src/infra/geocoding/place-index.ts';
import type { City, Index } from '../../services/directory/src/infra/geocoding/place-index.ts';
import {
  loadChineseScripts,
  searchPlaces,
  suggestPlaces,
} from '../../services/directory/src/infra/geocoding/place-search.ts';
import { cityResult } from '../../services/directory/src/infra/geocoding/regions.ts';
import { readPackageCities } from '../src/geo/city-sources.ts';

// The directory reads its cities from the committed data/cities.tsv.gz; the GeoNames packages it was made
// from are this workspace's dependencies, so here the file is checked against them: when a package is
// updated or the normal form of names changes, this fails until `npm run city-index -w scripts` is run.

const fromPackages = readPackageCities();
const fromFile: CityRecord[] = [];
readCityRecords((city) => fromFile.push(city));

// Names in other languages and scripts, and old or English names, that only cities500 gives.
const EXONYMS = (
  'Londres|北京|Munich|München|Moskau|Moscou|Wien|Vienne|Praga|Lisbonne|Varsovie|' +
  'Warschau|Pékin|東京|东京|巴黎|伦敦|倫敦|纽约|紐約|मुंबई|दिल्ली|लंदन|पेरिस|Köln|Cologne|' +
  'Florenz|Venedig|Génova|Nueva York|Mailand|Rom|Atenas|Kairo|Le Caire|Bruxelles|' +
  'Den Haag|La Haye|Genf|Geneva|Saint-Pétersbourg|Pechino|Bombay|Saigon|Séville|' +
  'Bâle|Edimbourg|上海|서울|Токио|Москва|Київ|Kiew|Victoria|Hanover'
).split('|');

describe('the generated city file', () => {
  it('when read, then it holds every city of the packages with the same fields and names, in order', () => {
    expect(fromFile.length).toBe(fromPackages.length);
    const differing: { line: number; file: CityRecord; packages: CityRecord }[] = [];
    fromPackages.forEach((city, i) => {
      const read = fromFile[i] as CityRecord;
      if (differing.length < 5 && JSON.stringify(read) !== JSON.stringify(city))
        differing.push({ line: i, file: read, packages: city });
    });
    expect(differing).toEqual([]);
  });

  describe('when the gazetteer is built from the file and from the packages', () => {
    const packageIndex = buildIndex({ readCities: (onCity) => fromPackages.forEach(onCity) });
    const fileIndex = buildIndex();
    const chinese = loadChineseScripts();
    const search = (idx: Index, query: string) =>
      searchPlaces(idx, chinese, query).map((city) => cityResult(idx, city));
    const largest = fileIndex.cities
      .filter((city) => city.kind === 'city')
      .sort((a, b) => b.population - a.population)
      .slice(0, 2000)
      .map((city: City) => city.name);

    it('then the 2,000 largest cities are found by name as before, in the same order', () => {
      expect(largest.map((name) => search(fileIndex, name))).toEqual(
        largest.map((name) => search(packageIndex, name)),
      );
    });

    it('then names in other languages and scripts find the same places, searched and typed', () => {
      const answers = (idx: Index) =>
        EXONYMS.map((query) => ({
          query,
          search: search(idx, query),
          suggest: suggestPlaces(idx, chinese, query).map((city) => cityResult(idx, city)),
        }));
      expect(answers(fileIndex)).toEqual(answers(packageIndex));
      const first = (query: string) => search(fileIndex, query)[0]?.displayName;
      expect(first('Londres')).toBe('London, England, United Kingdom');
      expect(first('北京')).toMatch(/^Beijing, .*China$/);
      expect(first('Munich')).toMatch(/^Munich, .*Germany$/);
      expect(first('मुंबई')).toMatch(/^Mumbai, .*India$/);
    });
  });
});
