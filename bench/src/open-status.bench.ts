import { computeOpenStatus } from '@laundry/contracts';
import { osmOpenStatus } from '../../services/directory/src/domain/osm-hours/osm-open-status.ts';
import { osmOpeningHoursToHours } from '../../services/directory/src/domain/osm-hours/weekly-hours.ts';
import {
  hoursPlaces,
  realisticOpeningHours,
} from '../../services/directory/test/support/osm-hours-values.ts';
import { hostFacts } from './machine-facts.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { roundTo } from './statistics.ts';

/**
 * What reading opening hours with the OSM library costs a list answer: the open status of a 50-result page
 * (status, today's line, next change, as the directory adds to each row), in process, no services. Goal:
 * ≤ 2 ms p99 per page once the day's intervals are read; the first page of a local day that meets a value
 * and place reads its intervals from the library, and that cost is recorded apart ('cold').
 *
 * Run: npm run bench:open-status -w bench
 */

const PAGES = Number(process.env.BENCH_PAGES ?? 5000);
const PAGE_SIZE = 50;

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

/** 50 rows of mixed values and places, as a search near a place would list them. */
function page() {
  return Array.from({ length: PAGE_SIZE }, () => {
    const place = hoursPlaces[Math.floor(random() * hoursPlaces.length)]!;
    // Nearby laundromats: the point varies, which matters to sun-time values.
    const jitter = () => (random() - 0.5) * 0.2;
    return {
      value: realisticOpeningHours[Math.floor(random() * realisticOpeningHours.length)]!,
      place: { ...place, latitude: place.latitude + jitter(), longitude: place.longitude + jitter() },
    };
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    pages: times.length,
    p50Ms: roundTo(percentile(sorted, 50), 3),
    p95Ms: roundTo(percentile(sorted, 95), 3),
    p99Ms: roundTo(percentile(sorted, 99), 3),
    maxMs: roundTo(sorted.at(-1)!, 3),
  };
}

const start = Date.now();
// A fixed pool of pages, each read many times at instants a few seconds apart over an afternoon.
const pool = Array.from({ length: 200 }, page);

// Cold: the first reading of each page of the pool (the intervals of its values and places for the day).
const cold: number[] = [];
for (const rows of pool) {
  const at = new Date(start);
  const began = performance.now();
  for (const row of rows) JSON.stringify(osmOpenStatus(row.value, row.place, at));
  cold.push(performance.now() - began);
}

// Wall time, and this process's CPU time: on a shared, busy machine the CPU time is the steadier figure.
const warm: number[] = [];
const warmCpu: number[] = [];
for (let i = 0; i < PAGES; i += 1) {
  const rows = pool[i % pool.length]!;
  // Within the same local day in every zone (pages 0.2 s apart: 17 minutes for 5000).
  const at = new Date(start + i * 200);
  const began = performance.now();
  const cpu = process.cpuUsage();
  for (const row of rows) JSON.stringify(osmOpenStatus(row.value, row.place, at));
  const used = process.cpuUsage(cpu);
  warm.push(performance.now() - began);
  warmCpu.push((used.user + used.system) / 1000);
}

// The weekly-map reading the library replaced, on the weekly tables derived from the same values.
const weekly = pool.map((rows) =>
  rows.map((row) => ({ hours: osmOpeningHoursToHours(row.value).hours, timeZone: row.place.timeZone })),
);
const previous: number[] = [];
for (let i = 0; i < PAGES; i += 1) {
  const rows = weekly[i % weekly.length]!;
  const at = new Date(start + i * 200);
  const began = performance.now();
  for (const row of rows) JSON.stringify(computeOpenStatus(row.hours, row.timeZone, at));
  previous.push(performance.now() - began);
}

const result = {
  date: new Date().toISOString(),
  commit: gitCommit(),
  command: 'npm run bench:open-status -w bench',
  machine: hostFacts(),
  settings: {
    pages: PAGES,
    pageSize: PAGE_SIZE,
    values: realisticOpeningHours.length,
    zones: hoursPlaces.length,
  },
  goal: 'open status of a 50-result page ≤ 2 ms p99 (warm)',
  osmLibraryWarm: summary(warm),
  osmLibraryWarmCpu: summary(warmCpu),
  osmLibraryColdFirstPageOfDay: summary(cold),
  previousWeeklyReading: summary(previous),
};
result.goal += `: wall p99 ${summary(warm).p99Ms} ms, CPU p99 ${summary(warmCpu).p99Ms} ms, load average ${hostFacts().loadAverage[0]} on ${hostFacts().cpus} cores`;
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(`${await writeResults('open-status', new Date(), result)}\n`);
