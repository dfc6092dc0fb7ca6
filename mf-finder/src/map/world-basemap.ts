import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';

export interface CountryProperties {
  name: string;
}

export type CountriesTopology = Topology<{ countries: GeometryCollection<CountryProperties> }>;
export type CountryOutlines = FeatureCollection<Polygon | MultiPolygon, CountryProperties>;

/** Natural Earth country shapes as GeoJSON for the map's offline land layer. */
export function countryOutlines(topology: CountriesTopology): CountryOutlines {
  return feature(topology, topology.objects.countries) as CountryOutlines;
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
