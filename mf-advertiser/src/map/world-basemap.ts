import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;
export type CountryOutlines = FeatureCollection<Polygon | MultiPolygon, { name: string }>;

/**
 * Natural Earth's 1:110m country shapes (the finder's offline basemap), fetched with the map in a chunk of
 * their own, so the map shows the world where the tile server is out of reach.
 */
export async function loadCountryOutlines(): Promise<CountryOutlines> {
  const atlas = (await import(
    /* webpackChunkName: "world-atlas" */ 'world-atlas/countries-110m.json'
  )) as unknown as { default: CountriesTopology };
  return feature(atlas.default, atlas.default.objects.countries) as CountryOutlines;
}
