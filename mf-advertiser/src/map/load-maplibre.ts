export type MapLibre = typeof import('maplibre-gl');

let loading: Promise<MapLibre> | null = null;

/**
 * maplibre-gl and its style sheet, fetched the first time the targeting map is shown (as the finder does),
 * so no other page carries them. The worker is an ES module the bundler emits beside the library.
 */
export function loadMapLibre(): Promise<MapLibre> {
  loading ??= Promise.all([
    import(/* webpackChunkName: "maplibre" */ 'maplibre-gl'),
    import(/* webpackChunkName: "maplibre" */ 'maplibre-gl/dist/maplibre-gl.css'),
  ]).then(([maplibre]) => {
    maplibre.setWorkerUrl(new URL('maplibre-gl/dist/maplibre-gl-worker.mjs', import.meta.url).href);
    return maplibre;
  });
  loading.catch(() => {
    // A failed chunk load (offline, a deploy in between) may succeed on the next mount.
    loading = null;
  });
  return loading;
}
