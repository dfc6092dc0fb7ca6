/** A south, west, north, east box in degrees, as Overpass QL's bbox writes it. */
export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The shops the directory lists; self-service and staffed laundries both are shop=laundry. */
export const LAUNDRY_SHOPS = ['laundry', 'dry_cleaning'] as const;

export interface LaundryQuery {
  bbox: BoundingBox;
  /** Only elements changed after this instant (ISO 8601): the incremental part of a later run. */
  newer?: string;
  /** Ids alone: the full check that confirms which elements are still there, at a fraction of the size. */
  idsOnly?: boolean;
  /** The server-side limit, in seconds, written into the query. */
  timeoutSeconds?: number;
}

const coordinate = (value: number) => Number(value.toFixed(7)).toString();

/**
 * The Overpass QL asking for every laundry and dry cleaner in a box: nodes, ways and relations, with a
 * centre point for the areas (`out center`), or only their ids.
 */
export function laundryQuery({ bbox, newer, idsOnly = false, timeoutSeconds = 50 }: LaundryQuery): string {
  const box = [bbox.south, bbox.west, bbox.north, bbox.east].map(coordinate).join(',');
  const changed = newer ? `(newer:"${newer}")` : '';
  const statements = LAUNDRY_SHOPS.map((shop) => `  nwr["shop"="${shop}"]${changed};`).join('\n');
  return `[out:json][timeout:${timeoutSeconds}][bbox:${box}];\n(\n${statements}\n);\nout ${idsOnly ? 'ids' : 'center'};`;
}

/**
 * Splits a box into equal tiles no larger than `maxDegrees` a side, west to east within south to north
 * rows, so a country is asked for in pieces the server answers within its time limit.
 */
export function splitIntoTiles(bbox: BoundingBox, maxDegrees: number): BoundingBox[] {
  const rows = Math.max(1, Math.ceil((bbox.north - bbox.south) / maxDegrees - 1e-9));
  const columns = Math.max(1, Math.ceil((bbox.east - bbox.west) / maxDegrees - 1e-9));
  const height = (bbox.north - bbox.south) / rows;
  const width = (bbox.east - bbox.west) / columns;
  const tiles: BoundingBox[] = [];
  for (let row = 0; row < rows; row += 1)
    for (let column = 0; column < columns; column += 1)
      tiles.push({
        south: bbox.south + row * height,
        north: row === rows - 1 ? bbox.north : bbox.south + (row + 1) * height,
        west: bbox.west + column * width,
        east: column === columns - 1 ? bbox.east : bbox.west + (column + 1) * width,
      });
  return tiles;
}

/** 'S,W,N,E' in degrees, as Overpass writes a bbox; undefined when it is not one. */
export function parseBoundingBox(text: string): BoundingBox | undefined {
  const parts = text.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return undefined;
  const [south, west, north, east] = parts as [number, number, number, number];
  if (south < -90 || north > 90 || west < -180 || east > 180 || south >= north || west >= east)
    return undefined;
  return { south, west, north, east };
}
