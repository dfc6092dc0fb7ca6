import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import type { MappableLaundromat } from '../../src/map/laundromat-features.ts';
import { previewMarkers, type PreviewMarker } from '../../src/map/preview-markers.ts';
import { worldSize } from '../../src/map/web-mercator.ts';
import { serverReading } from './server-reading.ts';

const now = new Date('2025-10-21T12:00:00Z');

const centre = { latitude: 51.5, longitude: -0.12 };
/** `pixels` east of the centre at zoom 13. */
const eastBy = (pixels: number) => centre.longitude + (pixels * 360) / worldSize(13);

const place = (id: string, longitude: number, isOpenNow = true): MappableLaundromat => ({
  id,
  latitude: centre.latitude,
  longitude,
  hours: null,
  timeZone: '',
  openStatus: serverReading(isOpenNow),
});

const markersOf = (
  laundromats: MappableLaundromat[],
  options: { zoom?: number; selectedId?: string | null; user?: { latitude: number; longitude: number } } = {},
): PreviewMarker[] =>
  previewMarkers({
    laundromats,
    selectedId: options.selectedId ?? null,
    userLocation: options.user ?? null,
    camera: { center: centre, zoom: options.zoom ?? 13 },
    size: { width: 800, height: 600 },
    now,
  });

describe('the map preview markers', () => {
  it('when laundromats stand far apart, then each is a 32 px marker coloured by its open status', () => {
    const markers = markersOf([place('open', eastBy(-200), true), place('closed', eastBy(200), false)]);
    expect(markers).toEqual([
      expect.objectContaining({ kind: 'laundromat', id: 'open', colour: '#10b981', diameter: 32 }),
      expect.objectContaining({ kind: 'laundromat', id: 'closed', colour: '#ef4444', diameter: 32 }),
    ]);
    const [west, east] = markers;
    expect(west?.x).toBeCloseTo(200, 6);
    expect(east?.x).toBeCloseTo(600, 6);
    expect(west?.y).toBeCloseTo(300, 6);
  });

  it('when laundromats stand closer than the cluster radius, then they are one cluster with their count', () => {
    const markers = markersOf([place('a', eastBy(0)), place('b', eastBy(10)), place('c', eastBy(20))]);
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({ kind: 'cluster', count: 3, label: '3', diameter: 32 });
    const cluster = markers[0] as Extract<PreviewMarker, { kind: 'cluster' }>;
    // A click takes the map in far enough for the cluster to come apart.
    expect(cluster.expansionZoom).toBeGreaterThan(13);
  });

  it('when the map is past the last clustering zoom (14), then close laundromats show one by one', () => {
    const markers = markersOf([place('a', eastBy(0)), place('b', eastBy(1))], { zoom: 15 });
    expect(markers.map((marker) => marker.kind)).toEqual(['laundromat', 'laundromat']);
  });

  it('when the selected laundromat is inside a cluster, then it is also drawn on its own, larger, on top', () => {
    const markers = markersOf([place('a', eastBy(0)), place('b', eastBy(10))], { selectedId: 'b' });
    expect(markers.map((marker) => marker.kind)).toEqual(['cluster', 'laundromat']);
    expect(markers[1]).toMatchObject({ id: 'b', selected: true, diameter: 40 });
  });

  it('when the selected laundromat stands alone, then it is drawn once, at 40 px, after the others', () => {
    const markers = markersOf([place('a', eastBy(-200)), place('b', eastBy(200))], { selectedId: 'a' });
    expect(
      markers.map((marker) => (marker.kind === 'laundromat' ? [marker.id, marker.diameter] : null)),
    ).toEqual([
      ['b', 32],
      ['a', 40],
    ]);
  });

  it("when the user's position is known, then a 16 px blue dot is drawn last", () => {
    const markers = markersOf([place('a', eastBy(0))], { user: centre });
    expect(markers.at(-1)).toMatchObject({ kind: 'user', colour: '#2563eb', diameter: 16, x: 400, y: 300 });
  });

  it('when a laundromat lies outside the view, then it is left out, while one overlapping the edge stays', () => {
    // The view is 800 pixels wide around the centre (400 either side) and a marker's radius is 16.
    const markers = markersOf([place('edge', eastBy(410)), place('beyond', eastBy(-420))]);
    expect(markers.map((marker) => (marker.kind === 'laundromat' ? marker.id : marker.kind))).toEqual([
      'edge',
    ]);
  });

  it("when 200 laundromats crowd a city, then the clusters are the ones maplibre's full index makes", () => {
    // A fixed scatter within about 3 km of the centre: many clusters of many sizes at zoom 13.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const crowd = Array.from({ length: 200 }, (_, i) => ({
      ...place(String(i), centre.longitude + (random() - 0.5) * 0.08),
      latitude: centre.latitude + (random() - 0.5) * 0.05,
    }));
    const size = { width: 4000, height: 4000 };
    const shown = previewMarkers({
      laundromats: crowd,
      selectedId: null,
      userLocation: null,
      camera: { center: centre, zoom: 13 },
      size,
      now,
    });
    // maplibre's GeoJSON source builds every zoom level from 14 down to 0 (radius 50 on 512-pixel tiles).
    const full = new Supercluster({ radius: 50, maxZoom: 14, extent: 512 })
      .load(
        crowd.map((l) => ({
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [l.longitude, l.latitude] },
          properties: {},
        })),
      )
      .getClusters([-180, -90, 180, 90], 13);
    const counts = (items: number[]) => [...items].sort((a, b) => a - b);
    expect(counts(shown.map((m) => (m.kind === 'cluster' ? m.count : 1)))).toEqual(
      counts(full.map((f) => (f.properties as { point_count?: number }).point_count ?? 1)),
    );
    expect(shown.some((m) => m.kind === 'cluster')).toBe(true);
  });

  it('when there are no laundromats, then only the user (if known) is drawn', () => {
    expect(markersOf([])).toEqual([]);
  });
});
