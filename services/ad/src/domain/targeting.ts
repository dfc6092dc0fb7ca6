import { AppError } from '@laundry/platform';
import { countryCodeOfName, type GeocodeResult } from '@laundry/contracts';

/** A city a campaign targets, as the gazetteer names and places it. */
export interface TargetCity {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
}

/** The directory's place search (GET /api/geocode), which knows the world's cities. */
export interface PlaceFinder {
  findPlaces(query: string): Promise<GeocodeResult[]>;
}

/** Case, accents and punctuation aside, so 'sao paulo' names São Paulo. */
function sameName(a: string, b: string): boolean {
  const fold = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return fold(a) === fold(b);
}

function asCity(result: GeocodeResult): TargetCity | undefined {
  const country = result.country ? countryCodeOfName(result.country) : undefined;
  if (!result.city || !country) return undefined;
  return { name: result.city, country, latitude: result.latitude, longitude: result.longitude };
}

/**
 * Each name the advertiser typed ('Paris' or 'Paris, FR') becomes the gazetteer's city; a name it does not
 * know is refused with the closest place it does know, so a typo never silently targets nobody.
 */
export async function resolveCities(places: PlaceFinder, names: readonly string[]): Promise<TargetCity[]> {
  const resolved: TargetCity[] = [];
  const problems: { path: string; message: string }[] = [];
  await Promise.all(
    names.map(async (typed, index) => {
      const [name, countryPart] = typed.split(',').map((part) => part.trim());
      const wantedCountry = countryPart?.toUpperCase();
      const candidates = (await places.findPlaces(typed))
        .map(asCity)
        .filter((city): city is TargetCity => city !== undefined);
      const match = candidates.find(
        (city) => sameName(city.name, name ?? '') && (!wantedCountry || city.country === wantedCountry),
      );
      if (match) {
        resolved[index] = match;
        return;
      }
      const suggestion = candidates[0];
      problems.push({
        path: `targetCities.${index}`,
        message: suggestion
          ? `We don't know the city '${typed}'. Did you mean '${suggestion.name}, ${suggestion.country}'?`
          : `We don't know the city '${typed}'. Check the spelling, or add its country code ('Paris, FR').`,
      });
    }),
  );
  if (problems.length > 0) {
    problems.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
    throw new AppError(400, problems[0]!.message, 'UNKNOWN_CITY', problems);
  }
  const seen = new Set<string>();
  return resolved.filter((city) => {
    const key = `${city.name}|${city.country}|${city.latitude}|${city.longitude}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How a stored city reads back to the advertiser: 'Paris, FR'. */
export const cityLabel = (city: TargetCity): string => `${city.name}, ${city.country}`;
