import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { osmOpenStatus } from '../../src/domain/osm-hours/osm-open-status.ts';
import { hoursPlaces, realisticOpeningHours } from '../support/osm-hours-values.ts';
import { seededRandom } from '../support/directory-stack.ts';

/**
 * The product's open status against the OSM library's own reading, the library run in a process whose
 * clock is the laundromat's zone. Instants: random ones over a year, and the days where readings go
 * wrong (public holidays, DST changes, new year's week numbers), at many minutes of each.
 */

const REFERENCE = fileURLToPath(new URL('../support/osm-hours-reference.mjs', import.meta.url));
const DIRECTORY = fileURLToPath(new URL('../..', import.meta.url));
const COUNTRY_CODES: Record<string, string> = {
  Germany: 'de',
  'United States': 'us',
  France: 'fr',
  Australia: 'au',
  US: 'us',
};

function instants(): number[] {
  const random = seededRandom(2811);
  const start = Date.UTC(2026, 0, 1);
  const year = 365 * 86_400_000;
  const list = Array.from({ length: 160 }, () => start + Math.floor(random() * year));
  // Holidays and DST days in the zones above, every 50 minutes through the day (UTC).
  for (const day of [
    '2026-01-01',
    '2026-03-29',
    '2026-04-05',
    '2026-04-06',
    '2026-07-04',
    '2026-10-04',
    '2026-11-01',
    '2026-12-25',
    '2026-12-31',
  ])
    for (let minute = 0; minute < 1440; minute += 50)
      list.push(Date.parse(`${day}T00:00:00Z`) + minute * 60_000);
  return list;
}

describe('open status read as the OSM reference library reads opening_hours', () => {
  it('when realistic values are read at many instants in five zones, then ≥ 99 % agree with the library and none it reads closed shows open', () => {
    const at = instants();
    let compared = 0;
    let agreed = 0;
    let libraryRefused = 0;
    const openWhenClosed: string[] = [];
    const disagreements: string[] = [];
    const selfContradictions: string[] = [];
    const sunMinuteEdges: string[] = [];
    for (const place of hoursPlaces) {
      const reference = JSON.parse(
        execFileSync(process.execPath, [REFERENCE], {
          cwd: DIRECTORY,
          env: { ...process.env, TZ: place.timeZone },
          input: JSON.stringify({
            values: realisticOpeningHours,
            place: {
              lat: place.latitude,
              lon: place.longitude,
              countryCode: COUNTRY_CODES[place.country],
              region: place.region,
            },
            instants: at,
          }),
          maxBuffer: 64 * 1024 * 1024,
        }).toString(),
      ) as string[][];
      realisticOpeningHours.forEach((value, v) => {
        at.forEach((instant, i) => {
          const [expected, byIntervals] = reference[v]![i]!.split('|') as [string, string | undefined];
          if (expected === 'error') {
            libraryRefused += 1;
            return;
          }
          if (byIntervals !== undefined)
            selfContradictions.push(`${place.timeZone} ${new Date(instant).toISOString()} ${value}`);
          const status = osmOpenStatus(value, place, new Date(instant));
          const shown = status.isUnknownNow ? 'unknown' : status.isOpenNow ? 'open' : 'closed';
          compared += 1;
          if (shown === expected) agreed += 1;
          else
            disagreements.push(
              `${place.timeZone} ${new Date(instant).toISOString()} ${value}: ${shown} ≠ ${expected}`,
            );
          // Open where the library reads closed: wrong unless the library's own intervals say open.
          if (shown === 'open' && expected !== 'open' && byIntervals !== 'open') {
            // Sun times: the product moves the point by the zone's offset (osm-hours.ts), which shifts
            // the sun's declination by hours, a few seconds at most; within a minute of the library's
            // change is counted apart, anything more is wrong.
            const nearSunChange =
              /sun/.test(value) &&
              [-60_000, 60_000].some(
                (d) => osmOpenStatus(value, place, new Date(instant + d)).isOpenNow === false,
              );
            if (nearSunChange) sunMinuteEdges.push(disagreements.at(-1)!);
            else openWhenClosed.push(disagreements.at(-1)!);
          }
        });
      });
    }
    expect(compared).toBeGreaterThan(50_000);
    // The library itself refuses school-holiday rules (SH) for countries it has no school holidays for.
    expect(libraryRefused / (compared + libraryRefused)).toBeLessThan(0.05);
    expect(openWhenClosed).toEqual([]);
    expect(sunMinuteEdges.length, sunMinuteEdges.join('\n')).toBeLessThan(5);
    // Only the nights of a DST change, a handful of instants.
    expect(selfContradictions.length, selfContradictions.join('\n')).toBeLessThan(10);
    console.warn(
      `compared ${compared}, agreed ${agreed} (${((100 * agreed) / compared).toFixed(3)} %), library refused ${libraryRefused}, library contradicts itself at ${selfContradictions.length}, sun times a minute apart at ${sunMinuteEdges.length}`,
    );
    expect(agreed / compared, disagreements.slice(0, 20).join('\n')).toBeGreaterThanOrEqual(0.99);
  });
});
