import { createGazetteer, normalizePlaceName } from '../geocoding/gazetteer.ts';
import { buildIndex } from '../geocoding/place-index.ts';
import { countryName } from '../geocoding/place-names.ts';
import { parseBoundingBox, type BoundingBox } from './overpass-query.ts';

export interface ResolvedArea {
  key: string;
  label: string;
  bbox: BoundingBox;
  /**
   * For a country, whether a tile has any of its towns: a country's box is mostly sea or its neighbours
   * (the United States' runs from Hawaii to Maine), and a tile without a town of 1000 people is not asked.
   */
  keepTile?: (tile: BoundingBox) => boolean;
}

/** Half the side of the box read around a town or city: its suburbs and the towns next to it. */
const CITY_HALF_SIDE_KM = 20;
/** A country's towns are points; its laundromats reach a little beyond the outermost ones. */
const COUNTRY_MARGIN_DEGREES = 0.25;

const clampBox = (box: BoundingBox): BoundingBox => ({
  south: Math.max(-90, box.south),
  west: Math.max(-180, box.west),
  north: Math.min(90, box.north),
  east: Math.min(180, box.east),
});

function countryArea(code: string, index: ReturnType<typeof buildIndex>): ResolvedArea | undefined {
  const towns = index.cities.filter((city) => city.country === code);
  if (towns.length === 0) return undefined;
  const m = COUNTRY_MARGIN_DEGREES;
  const bbox = clampBox({
    south: Math.min(...towns.map((t) => t.latitude)) - m,
    west: Math.min(...towns.map((t) => t.longitude)) - m,
    north: Math.max(...towns.map((t) => t.latitude)) + m,
    east: Math.max(...towns.map((t) => t.longitude)) + m,
  });
  return {
    key: `country:${code}`,
    label: `${countryName(code)} (${code})`,
    bbox,
    keepTile: (tile) =>
      towns.some(
        (t) =>
          t.latitude >= tile.south - m &&
          t.latitude <= tile.north + m &&
          t.longitude >= tile.west - m &&
          t.longitude <= tile.east + m,
      ),
  };
}

/**
 * An area by name, with the offline gazetteer (no outside service): an ISO 3166 country code ('FR') or a
 * country's name ('France') reads as the box of the country's towns; any other name as the box around the
 * place the gazetteer finds first ('Lyon', 'Austin, Texas').
 */
export function resolveArea(name: string): ResolvedArea {
  const trimmed = name.trim();
  if (!trimmed) throw new Error('--area needs a place name or an ISO country code');
  const index = buildIndex();
  const code = /^[A-Za-z]{2}$/.test(trimmed)
    ? trimmed.toUpperCase()
    : index.countryByName.get(normalizePlaceName(trimmed));
  if (code) {
    const country = countryArea(code, index);
    if (country) return country;
  }
  const [place] = createGazetteer().search(trimmed);
  if (!place)
    throw new Error(`no place or country called '${trimmed}' is known; give --bbox S,W,N,E instead`);
  const box = place.boundingBox;
  const halfLat = CITY_HALF_SIDE_KM / 111.32;
  const halfLon = halfLat / Math.max(0.05, Math.cos((place.latitude * Math.PI) / 180));
  return {
    key: `place:${normalizePlaceName(place.displayName)}`,
    label: place.displayName,
    bbox: clampBox(
      box ?? {
        south: place.latitude - halfLat,
        west: place.longitude - halfLon,
        north: place.latitude + halfLat,
        east: place.longitude + halfLon,
      },
    ),
  };
}

/** A box written S,W,N,E ('45.70,4.77,45.81,4.90'), else a place or country by name. */
export function parseSyncArea(text: string): ResolvedArea {
  const bbox = parseBoundingBox(text);
  if (!bbox) return resolveArea(text);
  const label = [bbox.south, bbox.west, bbox.north, bbox.east].join(',');
  return { key: `bbox:${label}`, label, bbox };
}
