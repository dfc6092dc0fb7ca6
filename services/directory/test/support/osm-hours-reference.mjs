// The OSM library's own reading, run in a process whose clock is the laundromat's zone (TZ set by the
// caller), the way the library is meant to be used: no shifting of dates, nothing of ours in between.
// Reads { values, place: { lat, lon, countryCode, region }, instants } as JSON on stdin; writes, per value,
// per instant: 'open' | 'closed' | 'unknown' | 'error'.
import process from 'node:process';
import OpeningHours from 'opening_hours';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { values, place, instants } = JSON.parse(input);
const nominatim = {
  lat: String(place.lat),
  lon: String(place.lon),
  address: { country_code: place.countryCode, state: place.region ?? '' },
};
const answers = values.map((value) => {
  let hours;
  try {
    hours = new OpeningHours(value, nominatim, { mode: 0, tag_key: 'opening_hours', locale: 'en' });
  } catch {
    return instants.map(() => 'error');
  }
  return instants.map((instant) => {
    try {
      const at = new Date(instant);
      const answer = hours.getUnknown(at) ? 'unknown' : hours.getState(at) ? 'open' : 'closed';
      // The library's own intervals at the same instant: on a DST night its getState and its
      // getOpenIntervals can disagree; such an answer is marked, since either could be called its reading.
      const around = hours.getOpenIntervals(new Date(instant - 86_400_000), new Date(instant + 86_400_000));
      const inside = around.find(([from, to]) => from <= at && at < to);
      const byIntervals = inside ? (inside[2] ? 'unknown' : 'open') : 'closed';
      return byIntervals === answer ? answer : `${answer}|${byIntervals}`;
    } catch {
      return 'error';
    }
  });
});
process.stdout.write(JSON.stringify(answers));
