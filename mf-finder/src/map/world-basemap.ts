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

/** The 1:110m atlas (about 100 kB) is fetched only when a map is shown, in a chunk of its own. */
export async function loadCountryOutlines(): Promise<CountryOutlines> {
  const atlas = (await import(
    /* webpackChunkName: "world-atlas" */ 'world-atlas/countries-110m.json'
  )) as unknown as {
    default: CountriesTopology;
  };
  return countryOutlines(atlas.default);
}
