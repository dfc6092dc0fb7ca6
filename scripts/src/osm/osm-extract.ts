import { readFile } from 'node:fs/promises';
import {
  fromOverpass,
  stringTags,
  type OsmFeature,
  type OverpassElementLike as OverpassElement,
} from '../../../services/directory/src/infra/osm-sync/osm-feature.ts';

export type { OsmFeature };

type Position = [number, number, ...number[]];

interface GeoJsonFeature {
  id?: string | number;
  geometry?: { type?: string; coordinates?: unknown } | null;
  properties?: Record<string, unknown> | null;
}

/** Area-weighted centroid of a polygon's outer ring; the vertex mean when the ring has no area. */
function ringCentroid(ring: Position[]): [number, number] | undefined {
  if (ring.length === 0) return undefined;
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length; i += 1) {
    const [x0, y0] = ring[i] as Position;
    const [x1, y1] = ring[(i + 1) % ring.length] as Position;
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  if (Math.abs(area) < 1e-18) {
    const sum = ring.reduce(([sx, sy], [px, py]) => [sx + px, sy + py], [0, 0]);
    return [sum[0] / ring.length, sum[1] / ring.length];
  }
  return [x / (3 * area), y / (3 * area)];
}

function geometryPoint(geometry: GeoJsonFeature['geometry']): [number, number] | undefined {
  const coordinates = geometry?.coordinates;
  switch (geometry?.type) {
    case 'Point': {
      const [longitude, latitude] = coordinates as Position;
      return [longitude, latitude];
    }
    case 'Polygon':
      return ringCentroid((coordinates as Position[][])[0] ?? []);
    case 'MultiPolygon':
      return ringCentroid((coordinates as Position[][][])[0]?.[0] ?? []);
    default:
      return undefined;
  }
}

/** osmtogeojson writes tags either flat in properties (with '@id') or nested under properties.tags. */
function fromGeoJson(feature: GeoJsonFeature): OsmFeature {
  const properties = feature.properties ?? {};
  const nested = properties.tags;
  const tags =
    nested && typeof nested === 'object'
      ? stringTags(nested as Record<string, unknown>)
      : Object.fromEntries(Object.entries(stringTags(properties)).filter(([key]) => !key.startsWith('@')));
  const typedId =
    typeof properties.type === 'string' && properties.id !== undefined
      ? `${properties.type}/${String(properties.id)}`
      : undefined;
  const ref = [properties['@id'], feature.id, typedId].find(
    (candidate): candidate is string =>
      typeof candidate === 'string' && /^(node|way|relation)\/\d+$/.test(candidate),
  );
  const point = geometryPoint(feature.geometry);
  return { ref, longitude: point?.[0], latitude: point?.[1], tags };
}

/**
 * Reads an Overpass JSON or GeoJSON FeatureCollection extract. The whole file is read and parsed at once,
 * which suits extracts up to a few hundred MB (a country's laundries are a few MB).
 */
export async function readOsmExtract(file: string): Promise<OsmFeature[]> {
  const document = JSON.parse(await readFile(file, 'utf8')) as {
    type?: string;
    elements?: OverpassElement[];
    features?: GeoJsonFeature[];
  };
  if (Array.isArray(document.elements)) return document.elements.map(fromOverpass);
  if (document.type === 'FeatureCollection' && Array.isArray(document.features))
    return document.features.map(fromGeoJson);
  throw new Error(`${file} is neither Overpass JSON ({"elements": [...]}) nor a GeoJSON FeatureCollection`);
}
