/**
 * Realistic OSM opening_hours values of laundromats and shops, with the shapes that a weekly table reads
 * wrong: past midnight, lunch breaks, public holidays, seasons, week numbers, sun times, unknown rules and
 * comments.
 */
export const realisticOpeningHours = [
  '24/7',
  'Mo-Su 06:00-22:00',
  'Mo-Fr 07:00-22:00; Sa 08:00-20:00; Su off',
  'Mo-Sa 08:00-18:00',
  'Mo-Fr 08:00-12:00,14:00-18:00; Sa 09:00-12:00',
  'Mo-Fr 09:00-12:30,13:30-19:00; Sa 09:00-13:00; PH off',
  'Mo-Su 07:00-23:00; PH off',
  'Mo-Su 18:00-02:00',
  'Mo-Th 10:00-24:00; Fr-Sa 10:00-03:00; Su 12:00-22:00',
  'Fr-Sa 20:00-04:00; Su-Th 20:00-01:00',
  'Mo-Fr 06:00-22:00; Sa,Su 08:00-20:00; PH 10:00-16:00',
  'Mo-Sa 07:00-21:00; Su,PH off',
  'Mo-Fr 08:00-20:00; Dec 24 08:00-12:00; Dec 25,26 off',
  'Apr-Oct: Mo-Su 07:00-22:00; Nov-Mar: Mo-Su 08:00-20:00',
  'Jun-Aug Mo-Fr 08:00-14:00; Sep-May Mo-Fr 08:00-18:00',
  'Mo-Sa 08:00-18:00; week 1-53/2 Su 10:00-14:00',
  'week 01-26 Mo-Fr 09:00-17:00; week 27-53 Mo-Fr 10:00-16:00',
  'sunrise-sunset',
  'Mo-Su sunrise-sunset',
  'Mo-Fr 06:00-sunset; Sa,Su sunrise-20:00',
  'Mo-Su (sunrise-00:30)-(sunset+01:00)',
  'Mo-Fr 10:00-20:00; Sa unknown',
  'Mo-Fr 10:00-20:00 "call ahead on Fridays"; Sa 10:00-14:00',
  'Mo-Su 08:00-20:00 "last wash 19:00"',
  '"by appointment"',
  'Mo-Fr 09:00-17:00; Sa "by appointment"',
  'unknown',
  'Mo-Fr 08:00-18:00; Sa 10:00-16:00; Su off; PH off; Dec 24-Jan 01 off',
  'Mo,We,Fr 09:00-18:00; Tu,Th 12:00-20:00',
  'Mo-Su 00:00-24:00',
  'Mo-Fr 08:00-20:00; Sa-Su 09:00-18:00; easter off',
  'Mo-Su 05:30-23:30',
  'Tu-Su 10:00-19:00; Mo off',
  'Mo-Fr 07:30-12:00, 13:00-19:30; Sa 08:00-17:00',
  'Mo-Su 07:00-22:00; Jan 01 off; Dec 25 off',
  'Mo-Fr 08:00-18:00 open; Sa 09:00-13:00 unknown',
  '2026 Mo-Fr 08:00-18:00; 2027 Mo-Fr 09:00-17:00',
  'Mo-Fr 08:00-16:00; PH,SH off',
  'Mo-Su 06:00-01:00; Fr,Sa 06:00-03:00',
  'Mo[1] 10:00-14:00; Mo-Fr 08:00-18:00',
] as const;

/** Places with their own zones, holidays and sun times; the country as the laundromats table keeps it. */
export const hoursPlaces = [
  { latitude: 52.52, longitude: 13.405, country: 'Germany', region: 'Berlin', timeZone: 'Europe/Berlin' },
  {
    latitude: 40.7506,
    longitude: -73.9935,
    country: 'United States',
    region: 'New York',
    timeZone: 'America/New_York',
  },
  { latitude: 48.8566, longitude: 2.3522, country: 'France', region: null, timeZone: 'Europe/Paris' },
  {
    latitude: -33.8688,
    longitude: 151.2093,
    country: 'Australia',
    region: 'New South Wales',
    timeZone: 'Australia/Sydney',
  },
  {
    latitude: 34.0522,
    longitude: -118.2437,
    country: 'US',
    region: 'California',
    timeZone: 'America/Los_Angeles',
  },
] as const;
