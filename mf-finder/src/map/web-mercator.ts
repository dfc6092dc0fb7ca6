import type { Coordinates } from '../domain/geo-distance.ts';

/**
 * Web Mercator as maplibre-gl uses it, so the map preview draws the same picture the interactive map
 * will: at zoom z the world is 512 · 2^z CSS pixels wide, and 256-pixel raster tiles come from zoom z + 1.
 */
export const worldTileSize = 512;
export const rasterTileSize = 256;

/** Web Mercator stops short of the poles. */
const maxLatitude = 85.051129;

export interface ScreenPoint {
  x: number;
  y: number;
}

export interface Camera {
  center: Coordinates;
  zoom: number;
}

export interface ViewSize {
  width: number;
  height: number;
}

export const worldSize = (zoom: number): number => worldTileSize * 2 ** zoom;

/** A point's position in world pixels at `zoom` (x east from the antimeridian, y south from the top). */
export function projectToWorld(point: Coordinates, zoom: number): ScreenPoint {
  const size = worldSize(zoom);
  const latitude = Math.max(-maxLatitude, Math.min(maxLatitude, point.latitude));
  const sin = Math.sin((latitude * Math.PI) / 180);
  return {
    x: ((point.longitude + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** Where a point lands in a view of `size` centred on the camera, in CSS pixels from its top left. */
export function projectToView(point: Coordinates, camera: Camera, size: ViewSize): ScreenPoint {
  const world = worldSize(camera.zoom);
  const centre = projectToWorld(camera.center, camera.zoom);
  const at = projectToWorld(point, camera.zoom);
  // Take the copy of the world nearest the centre, so a view across the antimeridian shows both sides.
  let dx = at.x - centre.x;
  if (dx > world / 2) dx -= world;
  if (dx < -world / 2) dx += world;
  return { x: size.width / 2 + dx, y: size.height / 2 + (at.y - centre.y) };
}

export interface ViewTile {
  /** The tile's address, x already wrapped around the world. */
  z: number;
  x: number;
  y: number;
  /** Its top-left corner in the view, in CSS pixels. */
  left: number;
  top: number;
  size: number;
}

/** The raster tiles that cover a view, in rows from the top. */
export function tilesInView(camera: Camera, size: ViewSize): ViewTile[] {
  // maplibre's choice for a raster source: the nearest zoom of 256-pixel tiles, scaled between whole zooms.
  const z = Math.max(0, Math.round(camera.zoom + Math.log2(worldTileSize / rasterTileSize)));
  const tileSize = worldSize(camera.zoom) / 2 ** z;
  const count = 2 ** z;
  const centre = projectToWorld(camera.center, camera.zoom);
  const originX = centre.x - size.width / 2;
  const originY = centre.y - size.height / 2;
  const tiles: ViewTile[] = [];
  const firstRow = Math.max(0, Math.floor(originY / tileSize));
  const lastRow = Math.min(count - 1, Math.ceil((originY + size.height) / tileSize) - 1);
  const firstColumn = Math.floor(originX / tileSize);
  const lastColumn = Math.ceil((originX + size.width) / tileSize) - 1;
  for (let row = firstRow; row <= lastRow; row += 1) {
    for (let column = firstColumn; column <= lastColumn; column += 1) {
      tiles.push({
        z,
        x: ((column % count) + count) % count,
        y: row,
        left: column * tileSize - originX,
        top: row * tileSize - originY,
        size: tileSize,
      });
    }
  }
  return tiles;
}

/** An XYZ template ({z}/{x}/{y}) filled in for one tile. */
export function tileUrl(template: string, tile: Pick<ViewTile, 'z' | 'x' | 'y'>): string {
  return template
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y));
}

/**
 * The camera that shows every point in a view of `size`, `padding` px clear of its edges, zoomed in no
 * further than `maxZoom` (one point alone is shown at `maxZoom`). Null when there is nothing to show.
 */
export function cameraToFit(
  points: readonly Coordinates[],
  size: ViewSize,
  { padding, maxZoom }: { padding: number; maxZoom: number },
): Camera | null {
  if (points.length === 0) return null;
  const projected = points.map((point) => projectToWorld(point, 0));
  const xs = projected.map((point) => point.x);
  const ys = projected.map((point) => point.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const width = Math.max(1, size.width - 2 * padding);
  const height = Math.max(1, size.height - 2 * padding);
  // At zoom 0 the box spans (right - left) px; each zoom step doubles it.
  const fits = Math.min(
    right > left ? Math.log2(width / (right - left)) : maxZoom,
    bottom > top ? Math.log2(height / (bottom - top)) : maxZoom,
  );
  const zoom = Math.max(0, Math.min(maxZoom, Math.floor(fits * 100) / 100));
  const world = worldSize(0);
  const x = (left + right) / 2;
  const y = (top + bottom) / 2;
  const longitude = (x / world) * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / world))) * 180) / Math.PI;
  return { center: { latitude, longitude }, zoom };
}
