/**
 * The remotes the service worker caches, at install and as they are used. The admin console (mf-admin) is
 * not among them: the shell fetches it for admins only, so a worker every visitor installs must not fetch
 * it, and its pages show live queues that a cached copy would misstate.
 */
export const cachedRemotePrefixes = ['/mf-finder/', '/mf-advertiser/'] as const;

/**
 * The laundromat answers kept for offline use: the finder's lists and details, not the admins' queue of
 * submissions (who submitted what is not kept on a device once the admin has gone).
 */
export function isOfflineLaundromatAnswer(pathname: string): boolean {
  return (
    (pathname === '/api/laundromats' || pathname.startsWith('/api/laundromats/')) &&
    pathname !== '/api/laundromats/submissions'
  );
}

/**
 * Map tiles seen online are kept for offline use, so a street seen before still shows without a network.
 * The size setting: at most this many tiles (a 256 px street tile is some 10–40 kB, so about 60 MB at most),
 * the least recently used dropped first, and none older than maxAgeDays (the tile server's map changes).
 */
export const mapTileCache = { name: 'map-tiles', maxEntries: 3000, maxAgeDays: 30 } as const;

/**
 * A raster map tile from any tile server: a path ending in {z}/{x}/{y} and an image extension (OpenStreetMap
 * and most XYZ servers, with an optional @2x for high-density tiles).
 */
export function isMapTileUrl(url: URL): boolean {
  // The product's own answers and uploaded files are never tiles, whatever their names.
  if (/^\/(api|objects)\//.test(url.pathname)) return false;
  return /\/\d{1,2}\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname);
}

/** The parts of a Module Federation `mf-manifest.json` that name a remote's files. */
interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}
export interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: ManifestAssets }[];
  shared?: { assets?: ManifestAssets }[];
}

/** Every file a remote needs to render offline, as absolute paths under its prefix, without duplicates. */
export function collectRemoteAssets(manifest: RemoteManifest, prefix: string): string[] {
  const files = new Set<string>();
  const entry = manifest.metaData?.remoteEntry;
  files.add(`${entry?.path ?? ''}${entry?.name ?? 'remoteEntry.js'}`);
  for (const { assets } of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const group of [assets?.js, assets?.css]) {
      for (const file of [...(group?.sync ?? []), ...(group?.async ?? [])]) files.add(file);
    }
  }
  return [...files].filter(Boolean).map((file) => `${prefix}${file.replace(/^\.?\//, '')}`);
}

/** The page's message to the service worker: type, key, url and data. */
export interface CacheDataMessage {
  type: string;
  key: string;
  url: string;
  data: unknown;
}

export function isCacheDataMessage(message: unknown): message is CacheDataMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { type, url } = message as Record<string, unknown>;
  return typeof type === 'string' && typeof url === 'string' && 'data' in message;
}

/**
 * The finder reads these (docs/product.md, Offline): cached data is flagged, and a miss offline is a 503
 * flagged offline.
 */
export const OFFLINE_DATA_HEADER = 'X-Offline-Data';
export const OFFLINE_FALLBACK_HEADER = 'X-Offline-Fallback';

/** A cached answer, flagged so the page can say it shows cached data. */
export function markedAsOfflineData(cached: Response): Response {
  const headers = new Headers(cached.headers);
  headers.set(OFFLINE_DATA_HEADER, 'true');
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
}

/** Offline with nothing cached. No message: the page then shows its own translated one. */
export function offlineFallbackResponse(now: number): Response {
  return new Response(JSON.stringify({ offline: true, timestamp: now }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', [OFFLINE_FALLBACK_HEADER]: 'true' },
  });
}
