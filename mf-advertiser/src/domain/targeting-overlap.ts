import { countryName } from './countries.ts';

/**
 * Countries, cities and the area add up: the ad service shows a campaign where any of them matches. So a
 * city in a country already chosen adds nothing, and an area whose centre lies in a chosen country adds
 * little: the form says so, rather than let the advertiser believe the two narrow each other down.
 */
export type TargetingOverlap =
  { kind: 'city-in-country'; city: string; country: string } | { kind: 'area-in-country'; country: string };

/** The country code a city is written with ('Paris, FR' → FR), or null when it names none. */
export function cityCountry(city: string): string | null {
  const match = /,\s*([A-Za-z]{2})\s*$/.exec(city);
  return match ? match[1]!.toUpperCase() : null;
}

/**
 * The chosen country a geocoder's country name ('Portugal') is, among `codes`: compared with each code's
 * English name, as the geocoder names countries in English.
 */
export function chosenCountryNamed(name: string | null | undefined, codes: readonly string[]): string | null {
  if (!name) return null;
  const folded = name.trim().toLocaleLowerCase('en');
  return codes.find((code) => countryName(code, 'en').toLocaleLowerCase('en') === folded) ?? null;
}

export function targetingOverlaps({
  countries,
  cities,
  areaCountry,
}: {
  countries: readonly string[];
  cities: readonly string[];
  /** The chosen country the area's centre lies in, if any (see chosenCountryNamed). */
  areaCountry: string | null;
}): TargetingOverlap[] {
  const chosen = new Set(countries.map((code) => code.toUpperCase()));
  const overlaps: TargetingOverlap[] = [];
  for (const city of cities) {
    const country = cityCountry(city);
    if (country && chosen.has(country)) overlaps.push({ kind: 'city-in-country', city, country });
  }
  if (areaCountry && chosen.has(areaCountry))
    overlaps.push({ kind: 'area-in-country', country: areaCountry });
  return overlaps;
}
