import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';

export interface CountryProperties {
  name: string;
}

export type CountriesTopology = Topology<{ countries: GeometryCollection<CountryProperties> }>;
export type CountryOutlines = FeatureCollection<Polygon | MultiPolygon, CountryProperties>;

type Ring = Position[];

/** Twice a ring's signed area in square degrees: positive when it runs anticlockwise (east, then north). */
function doubleArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i += 1) {
    const [x1 = 0, y1 = 0] = ring[i] ?? [];
    const [x2 = 0, y2 = 0] = ring[i + 1] ?? [];
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** A ring of no area (the atlas has a few: a line along 89.999°S, a point in North Korea) fills nothing. */
const emptyRingArea = 1e-9;

/** The ring's longitudes, each step taken the short way round; and how many degrees it turned in all. */
function unwrapped(ring: Ring): { points: Ring; turned: number } {
  const points: Ring = [];
  let offset = 0;
  let previous: number | undefined;
  for (const [longitude = 0, latitude = 0] of ring) {
    let x = longitude + offset;
    while (previous !== undefined && x - previous > 180) [offset, x] = [offset - 360, x - 360];
    while (previous !== undefined && x - previous < -180) [offset, x] = [offset + 360, x + 360];
    previous = x;
    points.push([x, latitude]);
  }
  return { points, turned: offset };
}

/**
 * A ring with its longitudes made continuous. The atlas keeps each country whole on the sphere, so a coast
 * across the antimeridian (Chukotka, Fiji, Antarctica) steps from 179.9° to -180° in one edge; drawn on the
 * flat map that edge crosses the whole world as a line, and the fill between such edges goes wrong (sea over
 * Greenland's east, land over the North Atlantic). Here each step is the short way
 * round: the ring runs on past 180° instead, which maplibre draws in the world copy next door.
 * A ring around a pole (Antarctica's coast, which never comes back to where it began) is closed along the pole.
 */
export function continuousRing(ring: Ring): Ring {
  const { points, turned } = unwrapped(ring);
  if (turned === 0 || points.length < 2) return points;
  const meanLatitude = points.reduce((sum, [, latitude = 0]) => sum + latitude, 0) / points.length;
  const pole = meanLatitude < 0 ? -90 : 90;
  // Begun at its point nearest the pole (beyond the 85° where Web Mercator stops), the ring's way down to
  // the pole and back up is off the map, not a border drawn from the coast to the map's edge.
  const open = ring.slice(0, -1);
  const nearest = open.reduce(
    (best, [, latitude = 0], index) => (latitude * pole > (open[best]?.[1] ?? 0) * pole ? index : best),
    0,
  );
  const rotated = [...open.slice(nearest), ...open.slice(0, nearest)];
  const { points: around } = unwrapped([...rotated, rotated[0] ?? []]);
  const [start = 0, latitude = 0] = around[0] ?? [];
  const [end = 0] = around[around.length - 1] ?? [];
  // Along the pole and back to where the ring began, through the middle so no edge spans half the world.
  return [...around, [end, pole], [(start + end) / 2, pole], [start, pole], [start, latitude]];
}

/** The ring shifted by whole turns so its middle longitude lies nearest `longitude`. */
function nearLongitude(ring: Ring, longitude: number): Ring {
  const xs = ring.map(([x = 0]) => x);
  const middle = (Math.min(...xs) + Math.max(...xs)) / 2;
  const turns = Math.round((longitude - middle) / 360);
  return turns === 0 ? ring : ring.map(([x = 0, y = 0]) => [x + turns * 360, y]);
}

const wound = (ring: Ring, anticlockwise: boolean): Ring =>
  doubleArea(ring) > 0 === anticlockwise ? ring : [...ring].reverse();

/**
 * One polygon made fit for a flat map: rings continuous across the antimeridian, empty rings left out, the
 * outer ring anticlockwise and its holes clockwise (GeoJSON's rule; maplibre tells a polygon's holes from
 * new polygons by their turn). An outer ring of no area leaves its other rings as polygons of their own.
 */
function flatPolygons(rings: Ring[]): Ring[][] {
  const [outer, ...holes] = rings;
  if (!outer) return [];
  const filled = holes.filter((ring) => Math.abs(doubleArea(ring)) > emptyRingArea);
  if (Math.abs(doubleArea(outer)) <= emptyRingArea) return filled.flatMap((ring) => flatPolygons([ring]));
  const exterior = wound(continuousRing(outer), true);
  const xs = exterior.map(([x = 0]) => x);
  const middle = (Math.min(...xs) + Math.max(...xs)) / 2;
  return [[exterior, ...filled.map((hole) => wound(nearLongitude(continuousRing(hole), middle), false))]];
}

/** A country's shape with every polygon made fit for a flat map (see flatPolygons). */
export function flatCountry(
  country: Feature<Polygon | MultiPolygon, CountryProperties>,
): Feature<Polygon | MultiPolygon, CountryProperties> {
  const { geometry } = country;
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).flatMap(
    flatPolygons,
  );
  return { ...country, geometry: { type: 'MultiPolygon', coordinates: polygons } };
}

/** Natural Earth country shapes as GeoJSON for the map's offline land layer, drawn right on a flat map. */
export function countryOutlines(topology: CountriesTopology): CountryOutlines {
  const countries = feature(topology, topology.objects.countries) as CountryOutlines;
  return { ...countries, features: countries.features.map(flatCountry) };
}

/**
 * The 1:110m atlas (about 100 kB) is fetched only when a map is shown, in a chunk of its own. Its coasts are
 * kilometres out (New York's harbour is one straight line from Staten Island to Midtown): right for the whole
 * world, wrong for a city, so the 1:50m atlas replaces it once the map is up (see loadDetailedCountryOutlines).
 */
export async function loadCountryOutlines(): Promise<CountryOutlines> {
  const atlas = (await import(
    /* webpackChunkName: "world-atlas" */ 'world-atlas/countries-110m.json'
  )) as unknown as {
    default: CountriesTopology;
  };
  return countryOutlines(atlas.default);
}

/**
 * The 1:50m atlas (about 750 kB, fetched after the map has drawn, in a chunk of its own that the service
 * worker keeps with the rest of the finder): coasts within about a kilometre, true to a few pixels up to
 * basemapMaxZoom. Beyond that no atlas that fits a web page is right, and the map style fades land and sea
 * into one plain colour rather than draw water over a city.
 */
export async function loadDetailedCountryOutlines(): Promise<CountryOutlines> {
  const atlas = (await import(
    /* webpackChunkName: "world-atlas-50m" */ 'world-atlas/countries-50m.json'
  )) as unknown as {
    default: CountriesTopology;
  };
  return countryOutlines(atlas.default);
}
