import { statSync } from 'node:fs';
import { createGazetteer } from '../../services/directory/src/infra/geocoding/gazetteer.ts';
import { readWorldPostalCodes } from '../../services/directory/src/infra/geocoding/world-postal-codes.ts';
import { hostFacts } from './machine-facts.ts';
import { gitCommit, writeResults } from './results-file.ts';

/**
 * The offline gazetteer's first-load cost, in a fresh process: the time of the first name search (which
 * builds the city index), of the first postal search (which reads the postal data) and of a warm search,
 * and the memory held afterwards. Test stacks build the index at the first search (GAZETTEER_PRELOAD=false),
 * so these times are what the first geocoding request of such a stack waits.
 *
 * Run: npm run bench:gazetteer -w bench (no services needed).
 */

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
// Wall time and this process's CPU time: on a shared, busy machine the CPU time is the steadier figure.
const time = (run: () => unknown) => {
  const started = performance.now();
  const cpu = process.cpuUsage();
  run();
  const used = process.cpuUsage(cpu);
  return {
    wallMs: Math.round(performance.now() - started),
    cpuMs: Math.round((used.user + used.system) / 1000),
  };
};

const dataFiles = {
  'cities.tsv.gz': new URL('../../services/directory/data/cities.tsv.gz', import.meta.url).pathname,
  'postal-codes.tsv.gz': new URL('../../services/directory/data/postal-codes.tsv.gz', import.meta.url)
    .pathname,
  'places.tsv.gz': new URL('../../services/directory/data/places.tsv.gz', import.meta.url).pathname,
};

global.gc?.();
const before = process.memoryUsage();
const gazetteer = createGazetteer();
const firstNameSearch = time(() => gazetteer.search('Munich'));
const afterIndex = process.memoryUsage();
const firstPostalSearch = time(() => gazetteer.search('75001 Paris'));
// The world index alone (the rest of the first postal search is parsing `zipcodes`).
const worldPostalRead = time(() => readWorldPostalCodes());
const fiveWarmSearches = time(() => {
  for (const q of ['Vienna', 'Paris, Texas', '10115, DE', 'Cambridge UK', '2000 Sydney']) gazetteer.search(q);
});
global.gc?.();
const after = process.memoryUsage();

const result = {
  date: new Date().toISOString(),
  commit: gitCommit(),
  machine: hostFacts(),
  dataFileMB: Object.fromEntries(
    Object.entries(dataFiles).map(([name, path]) => [name, mb(statSync(path).size)]),
  ),
  firstNameSearch,
  firstPostalSearch,
  worldPostalRead,
  fiveWarmSearches,
  heapAfterIndexMB: mb(afterIndex.heapUsed - before.heapUsed),
  heapAfterAllMB: mb(after.heapUsed - before.heapUsed),
  rssAfterAllMB: mb(after.rss),
  gcExposed: typeof global.gc === 'function',
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(`${await writeResults('gazetteer-load', new Date(), result)}\n`);
