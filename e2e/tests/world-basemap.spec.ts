import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot } from './finder-helpers.ts';

/**
 * Issue 15, item 9: the offline world basemap shows land and sea where they are at a world zoom. Russia's,
 * Fiji's and Antarctica's coasts cross the antimeridian; drawn as they come in the world atlas, they laid
 * lines across the whole map at 65–71°N and 16°S, sea over Greenland's east and land over the Atlantic.
 */

const tileUrls = 'https://tile.openstreetmap.org/**';

/** Four laundromats far apart, so the map opens on the world with each drawn alone: known points to read it by. */
const anchors: [number, number][] = [
  [-150, -50],
  [150, 78],
  [-20, -30],
  [60, -40],
];

const colours = { sea: [0xbf, 0xdb, 0xfe], land: [0xf1, 0xf5, 0xf9] } as const;

/** [longitude, latitude], what the map should show there, and what it is. */
const places: [number, number, 'sea' | 'land', string][] = [
  [-30, 55, 'sea', 'the North Atlantic between Newfoundland and Ireland'],
  [-40, 35, 'sea', 'the middle of the Atlantic'],
  [0, 67, 'sea', 'the Norwegian Sea'],
  [-5, 75, 'sea', 'the Greenland Sea'],
  [-40, 72, 'land', 'inland Greenland'],
  [-30, 78, 'land', "Greenland's north-east"],
  [15, 62, 'land', 'inland Sweden'],
  [70, 60, 'land', 'central Russia'],
];

/** Web Mercator's y of a latitude, as a share of the world's height from its top. */
const mercatorY = (latitude: number) =>
  0.5 - Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360)) / (2 * Math.PI);

/** The map drawn on /explore with the tile server out of reach: the offline basemap alone. */
async function exploreBasemap(page: Page): Promise<Locator> {
  await page.route('**/api/laundromats/points', (route) =>
    route.fulfill({ json: { count: anchors.length, points: anchors } }),
  );
  await page.goto('/explore');
  const map = page.getByTestId('explore-map');
  const canvas = map.locator('canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  await expect(map.locator('button[data-kind="laundromat"]').nth(1)).toBeAttached({ timeout: 20_000 });
  // The finer 1:50m coasts replace the first ones once the map is idle.
  await page.waitForTimeout(2000);
  return canvas;
}

/**
 * Where a longitude and latitude are drawn on the canvas (CSS px), from the laundromats' buttons, which lie
 * where the map draws them: the two farthest apart east to west give the world's width and where it lies.
 */
async function projection(map: Locator, canvas: Locator) {
  const origin = (await canvas.boundingBox())!;
  const shown: { x: number; y: number }[] = [];
  for (const button of await map.locator('button[data-kind="laundromat"]').all()) {
    const box = (await button.boundingBox())!;
    shown.push({ x: box.x + box.width / 2 - origin.x, y: box.y + box.height / 2 - origin.y });
  }
  expect(shown.length).toBeGreaterThanOrEqual(2);
  // The buttons come in no known order, and a phone's view shows only some of them; but at a world zoom the
  // view is no wider than one copy of the world, so those shown are a run of the anchors, west to east.
  const byX = [...shown].sort((a, b) => a.x - b.x);
  const candidates = [...anchors].sort((a, b) => a[0] - b[0]);
  let best: { worldSize: number; left: number; top: number; error: number } | null = null;
  // Each run of the anchors taken as the buttons seen; kept, the one whose projection fits them all.
  for (let start = 0; start + byX.length <= candidates.length; start += 1) {
    const run = candidates.slice(start, start + byX.length);
    const [first, last] = [byX[0]!, byX[byX.length - 1]!];
    const [west, east] = [run[0]!, run[run.length - 1]!];
    const worldSize = ((last.x - first.x) * 360) / (east[0] - west[0]);
    const left = first.x - (worldSize * (west[0] + 180)) / 360;
    const top = first.y - worldSize * mercatorY(west[1]);
    const error = byX.reduce((sum, point, i) => {
      const [longitude, latitude] = run[i]!;
      const x = left + (worldSize * (longitude + 180)) / 360;
      const y = top + worldSize * mercatorY(latitude);
      return sum + Math.hypot(x - point.x, y - point.y);
    }, 0);
    if (!best || error < best.error) best = { worldSize, left, top, error };
  }
  expect(best!.error).toBeLessThan(2 * byX.length);
  const { worldSize, left, top } = best!;
  return ([longitude, latitude]: [number, number]) => {
    let x = left + (worldSize * (longitude + 180)) / 360;
    // The copy of the world the canvas shows the place in.
    while (x < 0) x += worldSize;
    while (x >= origin.width) x -= worldSize;
    return { x, y: top + worldSize * mercatorY(latitude) };
  };
}

interface CanvasReading {
  colours: number[][];
  /** Rows (CSS px) more than half of whose pixels are neither sea nor land: a line drawn across the map. */
  lineRows: number[];
}

/** The canvas's colours at points given in CSS px, and its rows crossed by a line, read from a screenshot. */
async function readCanvas(page: Page, canvas: Locator, points: { x: number; y: number }[]) {
  const png = (await canvas.screenshot()).toString('base64');
  const box = (await canvas.boundingBox())!;
  // The map's credit, across half a phone's width at the bottom, is no line: rows are read down to it.
  const credit = (await page.locator('.maplibregl-ctrl-attrib').boundingBox())!;
  const width = box.width;
  const rows = credit.y - box.y;
  return page.evaluate(
    async ({ data, points, width, rows, colours }): Promise<CanvasReading> => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const bitmap = await createImageBitmap(image);
      const scale = bitmap.width / width;
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const at = (x: number, y: number) => {
        const i = (Math.round(y) * bitmap.width + Math.round(x)) * 4;
        return [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
      };
      const near = (pixel: number[], colour: readonly number[]) =>
        pixel.every((value, i) => Math.abs(value - colour[i]!) <= 6);
      const lineRows: number[] = [];
      for (let y = 0; y < Math.min(bitmap.height, rows * scale); y += 1) {
        let other = 0;
        for (let x = 0; x < bitmap.width; x += 1) {
          const pixel = at(x, y);
          if (!near(pixel, colours.sea) && !near(pixel, colours.land)) other += 1;
        }
        if (other > bitmap.width / 2) lineRows.push(Math.round(y / scale));
      }
      return { colours: points.map(({ x, y }) => at(x * scale, y * scale)), lineRows };
    },
    { data: png, points, width, rows, colours },
  );
}

test('when Explore shows the whole world without map tiles, then land and sea are where they are, with no line across the map', async ({
  page,
  context,
}) => {
  await context.route(tileUrls, (route) => route.abort());
  const canvas = await exploreBasemap(page);
  const project = await projection(page.getByTestId('explore-map'), canvas);
  const reading = await readCanvas(
    page,
    canvas,
    places.map(([longitude, latitude]) => project([longitude, latitude])),
  );
  await screenshot(page, 'world-basemap-explore');

  const drawn = places.map(([, , , name], i) => {
    const colour = reading.colours[i]!;
    const is = (target: readonly number[]) => colour.every((value, c) => Math.abs(value - target[c]!) <= 6);
    return [name, is(colours.sea) ? 'sea' : is(colours.land) ? 'land' : `rgb(${colour.join(', ')})`];
  });
  expect(Object.fromEntries(drawn)).toEqual(
    Object.fromEntries(places.map(([, , expected, name]) => [name, expected])),
  );
  expect(reading.lineRows).toEqual([]);
});
