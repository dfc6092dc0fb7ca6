export type MapLibre = typeof import('maplibre-gl');

let loading: Promise<MapLibre> | null = null;

/**
 * maplibre-gl and its style sheet, fetched the first time a map is shown so the home page does not carry
 * them. The worker is an ES module found next to the library by import.meta.url; a bundled copy has no such
 * neighbour, so the bundler emits the worker file and we point maplibre at it.
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
