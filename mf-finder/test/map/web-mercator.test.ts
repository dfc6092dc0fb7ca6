import { describe, expect, it } from 'vitest';
import { MercatorCoordinate } from 'maplibre-gl';
import {
  cameraToFit,
  projectToView,
  projectToWorld,
  tilesInView,
  tileUrl,
  worldSize,
} from '../../src/map/web-mercator.ts';

const places = [
  { name: 'London', latitude: 51.5074, longitude: -0.1278 },
  { name: 'Tokyo', latitude: 35.6762, longitude: 139.6503 },
  { name: 'Sydney', latitude: -33.8688, longitude: 151.2093 },
  { name: 'Malacca (the default centre)', latitude: 2.204, longitude: 102.2478 },
  { name: 'Ushuaia', latitude: -54.8019, longitude: -68.303 },
];

describe('the map preview projection', () => {
  it.each(places)('when $name is projected, then it lands where maplibre-gl puts it', (place) => {
    // The preview must draw every marker exactly where the interactive map will, or the hand-over jumps.
    const expected = MercatorCoordinate.fromLngLat([place.longitude, place.latitude]);
    for (const zoom of [0, 5.5, 13, 15]) {
      const at = projectToWorld(place, zoom);
      expect(at.x).toBeCloseTo(expected.x * worldSize(zoom), 4);
      expect(at.y).toBeCloseTo(expected.y * worldSize(zoom), 4);
    }
  });

  it('when a world is drawn at zoom 13, then it is 512 pixels times 2^13 wide, as in maplibre', () => {
    expect(worldSize(13)).toBe(512 * 8192);
    expect(projectToWorld({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 256, y: 256 });
  });

  it('when the camera looks at a point, then that point is the middle of the view', () => {
    const camera = { center: places[0]!, zoom: 13 };
    expect(projectToView(places[0]!, camera, { width: 800, height: 600 })).toEqual({ x: 400, y: 300 });
  });

  it('when a point lies 100 pixels east of the centre at zoom 13, then it is drawn 100 pixels right', () => {
    const degreesPerPixel = 360 / worldSize(13);
    const camera = { center: { latitude: 0, longitude: 10 }, zoom: 13 };
    const point = { latitude: 0, longitude: 10 + 100 * degreesPerPixel };
    const at = projectToView(point, camera, { width: 800, height: 600 });
    expect(at.x).toBeCloseTo(500, 6);
    expect(at.y).toBeCloseTo(300, 6);
  });

  it('when the view spans the antimeridian, then a point just across it is drawn beside the centre', () => {
    const camera = { center: { latitude: -17.7, longitude: 179.999 }, zoom: 13 };
    const across = projectToView({ latitude: -17.7, longitude: -179.999 }, camera, {
      width: 800,
      height: 600,
    });
    // 0.002° of longitude at zoom 13 is about 23 pixels east, not a world away to the west.
    expect(across.x).toBeGreaterThan(400);
    expect(across.x).toBeLessThan(430);
  });
});

describe('the raster tiles a preview shows', () => {
  it('when the view is 512 × 512 at zoom 13 centred on a tile corner, then it shows 2 × 2 zoom-14 tiles', () => {
    // The corner between tiles (8192, 8192) and its neighbours at zoom 14 is the world's centre: 0°, 0°.
    const tiles = tilesInView(
      { center: { latitude: 0, longitude: 0 }, zoom: 13 },
      { width: 512, height: 512 },
    );
    expect(tiles.map(({ z, x, y, left, top, size }) => ({ z, x, y, left, top, size }))).toEqual([
      { z: 14, x: 8191, y: 8191, left: 0, top: 0, size: 256 },
      { z: 14, x: 8192, y: 8191, left: 256, top: 0, size: 256 },
      { z: 14, x: 8191, y: 8192, left: 0, top: 256, size: 256 },
      { z: 14, x: 8192, y: 8192, left: 256, top: 256, size: 256 },
    ]);
  });

  it('when the view covers its area, then the tiles leave no gap anywhere in it', () => {
    const size = { width: 390, height: 844 };
    const tiles = tilesInView({ center: places[1]!, zoom: 13 }, size);
    const covered = (x: number, y: number) =>
      tiles.some((t) => x >= t.left && x < t.left + t.size && y >= t.top && y < t.top + t.size);
    for (let x = 0; x < size.width; x += 13)
      for (let y = 0; y < size.height; y += 13) {
        expect(covered(x, y)).toBe(true);
      }
    expect(tiles.length).toBeLessThanOrEqual(3 * 5);
  });

  it('when the view crosses the antimeridian, then the tile columns wrap around the world', () => {
    const tiles = tilesInView(
      { center: { latitude: 0, longitude: 180 }, zoom: 0 },
      { width: 512, height: 256 },
    );
    expect(new Set(tiles.map((tile) => tile.x))).toEqual(new Set([0, 1]));
    expect(tiles.every((tile) => tile.z === 1)).toBe(true);
  });

  it('when the view reaches past the poles, then no rows outside the world are asked for', () => {
    const tiles = tilesInView(
      { center: { latitude: 0, longitude: 0 }, zoom: 0 },
      { width: 512, height: 2000 },
    );
    expect(Math.min(...tiles.map((tile) => tile.y))).toBe(0);
    expect(Math.max(...tiles.map((tile) => tile.y))).toBe(1);
  });

  it('when the zoom is between whole levels, then the nearest tile zoom is scaled to fit, as maplibre does', () => {
    const [tile] = tilesInView(
      { center: { latitude: 0, longitude: 0 }, zoom: 13.4 },
      { width: 10, height: 10 },
    );
    expect(tile?.z).toBe(14);
    expect(tile?.size).toBeCloseTo(256 * 2 ** 0.4, 6);
  });

  it('when a template is filled, then z, x and y take the tile address', () => {
    expect(tileUrl('https://tiles.example/{z}/{x}/{y}.png', { z: 14, x: 8191, y: 5447 })).toBe(
      'https://tiles.example/14/8191/5447.png',
    );
  });
});

describe('the camera that frames the first list', () => {
  const size = { width: 800, height: 600 };
  const options = { padding: 32, maxZoom: 13 };

  it('when the default centre and the laundromats of Kuala Lumpur and Singapore are framed, then each lands inside the padded view', () => {
    const points = [
      { latitude: 2.204, longitude: 102.2478 },
      { latitude: 3.139, longitude: 101.6869 },
      { latitude: 1.2897, longitude: 103.8501 },
    ];
    const camera = cameraToFit(points, size, options)!;
    expect(camera.zoom).toBeGreaterThan(6);
    expect(camera.zoom).toBeLessThan(9);
    for (const point of points) {
      const at = projectToView(point, camera, size);
      expect(at.x).toBeGreaterThanOrEqual(31.9);
      expect(at.x).toBeLessThanOrEqual(768.1);
      expect(at.y).toBeGreaterThanOrEqual(31.9);
      expect(at.y).toBeLessThanOrEqual(568.1);
    }
  });

  it('when one point or points close together are framed, then the camera zooms in no further than allowed', () => {
    expect(cameraToFit([{ latitude: 51.5, longitude: -0.12 }], size, options)).toEqual({
      center: { latitude: expect.closeTo(51.5, 6), longitude: expect.closeTo(-0.12, 6) },
      zoom: 13,
    });
  });

  it('when there is nothing to frame, then there is no camera', () => {
    expect(cameraToFit([], size, options)).toBeNull();
  });
});
