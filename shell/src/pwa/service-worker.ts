import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import {
  collectRemoteAssets,
  isCacheDataMessage,
  markedAsOfflineData,
  offlineFallbackResponse,
  cachedRemotePrefixes,
  isOfflineLaundromatAnswer,
  isMapTileUrl,
  mapTileCache,
  type RemoteManifest,
} from './service-worker-rules.ts';

// TypeScript's WebWorker library cannot sit beside the DOM one in tsconfig.web.json; this is the part we use.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface ServiceWorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
declare const self: ServiceWorkerScope;

const REMOTES_CACHE = 'remotes';
const API_CACHE = 'api-laundromats';
const remotePrefixes: readonly string[] = cachedRemotePrefixes;
const DAY_SECONDS = 24 * 60 * 60;

// index.html asks for main.js?<build hash>; the precache key is the plain name with a revision.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();

// Client-side routes all answer with the shell's page; the server's own pages (sign-in, the embedded mode's
// mail outbox at /dev/mail) do not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/objects\//, /^\/dev\//],
  }),
);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// NetworkFirst reads its cache only when the network failed, so whatever comes from there is offline data.
const offlineSignals: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse ? markedAsOfflineData(cachedResponse) : cachedResponse,
  handlerDidError: async () => offlineFallbackResponse(Date.now()),
};

// The last results survive a reload while offline (kept as long as the client-side offline cache, 24 h).
registerRoute(
  ({ url }) => sameOrigin(url) && isOfflineLaundromatAnswer(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: DAY_SECONDS }), offlineSignals],
  }),
);

// Map tiles: from the cache when kept (a tile changes seldom, and offline the area seen still has streets),
// else from the tile server, kept if it answered 200 with CORS (an opaque answer would count megabytes
// against the site's storage). The expiration plugin marks a tile used whenever it is served, so the
// least recently used go first beyond the limit; a full storage drops the tiles before anything else.
registerRoute(
  ({ url, request }) => request.method === 'GET' && isMapTileUrl(url),
  new CacheFirst({
    cacheName: mapTileCache.name,
    plugins: [
      new ExpirationPlugin({
        maxEntries: mapTileCache.maxEntries,
        maxAgeSeconds: mapTileCache.maxAgeDays * DAY_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// The page asks for remoteEntry.js?v=<version> (the gateway's remotes manifest); the cache keeps one entry
// per remote under the plain name, the one cacheRemotes() stores, so offline any version finds it.
const plainEntryKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.search = '';
    return url.href;
  },
};

// A remote's entry is not hashed: prefer the network so a new release is picked up.
registerRoute(
  ({ url }) => sameOrigin(url) && remotePrefixes.some((prefix) => url.pathname === `${prefix}remoteEntry.js`),
  new NetworkFirst({ cacheName: REMOTES_CACHE, plugins: [plainEntryKey] }),
);
registerRoute(
  ({ url }) => sameOrigin(url) && remotePrefixes.some((prefix) => url.pathname.startsWith(prefix)),
  new StaleWhileRevalidate({ cacheName: REMOTES_CACHE }),
);

/** The remotes are built apart from the shell, so their files are cached from their federation manifests. */
async function cacheRemotes(): Promise<void> {
  const cache = await caches.open(REMOTES_CACHE);
  await Promise.all(
    remotePrefixes.map(async (prefix) => {
      try {
        const response = await fetch(`${prefix}mf-manifest.json`, { cache: 'no-cache' });
        if (!response.ok) return;
        const manifest = (await response.json()) as RemoteManifest;
        await cache.addAll(collectRemoteAssets(manifest, prefix));
      } catch (error) {
        console.warn(`Could not cache the remote under ${prefix}`, error);
      }
    }),
  );
}

self.addEventListener('install', (event) => event.waitUntil(cacheRemotes()));

self.addEventListener('message', (event) => {
  const message = event.data;
  // workbox-window's messageSkipWaiting(), sent once the user agrees to reload for the new version.
  if (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === 'SKIP_WAITING'
  ) {
    void self.skipWaiting();
    return;
  }
  // The finder may hand over data it fetched, so a later offline request for that URL finds it.
  if (isCacheDataMessage(message)) {
    const response = new Response(JSON.stringify(message.data), {
      headers: { 'Content-Type': 'application/json' },
    });
    event.waitUntil(caches.open(API_CACHE).then((cache) => cache.put(message.url, response)));
  }
});

/**
 * 'Tell me when a washer is free': the availability service sends the notification's words already in the
 * person's language (the worker cannot read the page's resources); a tap opens that laundromat's detail.
 */
self.addEventListener('push', (event) => {
  let message: { title?: unknown; body?: unknown; url?: unknown; language?: unknown; tag?: unknown } = {};
  try {
    message = (event.data?.json() ?? {}) as typeof message;
  } catch {
    return;
  }
  if (typeof message.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : undefined,
      lang: typeof message.language === 'string' ? message.language : undefined,
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      data: { url: typeof message.url === 'string' ? message.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    String((event.notification.data as { url?: unknown } | null)?.url ?? '/'),
    self.location.href,
  );
  // Only this site's pages: the payload is ours, but a link elsewhere has no business here.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows[0];
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    }),
  );
});
