/** How an OSM object reaches the mapping, whether from a downloaded extract or an Overpass answer. */

/** One OSM object, whatever the file's format, with a single point for its position. */
export interface OsmFeature {
  /** 'node/123', 'way/456', 'relation/789'; undefined when the file does not say. */
  ref: string | undefined;
  latitude: number | undefined;
  longitude: number | undefined;
  tags: Record<string, string>;
}

export interface OverpassElementLike {
  type?: string;
  id?: number | string;
  lat?: number;
  lon?: number;
  center?: { lat?: number; lon?: number };
  tags?: Record<string, unknown>;
}

export function stringTags(source: Record<string, unknown> | undefined | null): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [key, value] of Object.entries(source ?? {})) {
    if (typeof value === 'string') tags[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') tags[key] = String(value);
  }
  return tags;
}

/** One element of an Overpass JSON answer; ways and relations are placed at their centre (`out center`). */
export function fromOverpass(element: OverpassElementLike): OsmFeature {
  const point = element.type === 'node' ? { lat: element.lat, lon: element.lon } : element.center;
  return {
    ref: element.type && element.id !== undefined ? `${element.type}/${element.id}` : undefined,
    latitude: point?.lat,
    longitude: point?.lon,
    tags: stringTags(element.tags),
  };
}
