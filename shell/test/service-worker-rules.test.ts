import { describe, expect, it } from 'vitest';
import {
  cachedRemotePrefixes,
  collectRemoteAssets,
  isOfflineLaundromatAnswer,
  isCacheDataMessage,
  isMapTileUrl,
  markedAsOfflineData,
  offlineFallbackResponse,
} from '../src/pwa/service-worker-rules.ts';

describe('remote files to cache', () => {
  it('when a federation manifest lists exposed and shared files, then each is cached once under the prefix', () => {
    const files = collectRemoteAssets(
      {
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          { assets: { js: { sync: ['expose.js'], async: ['1.js', '2.js'] }, css: { async: ['1.css'] } } },
        ],
        shared: [{ assets: { js: { sync: ['react.js', '1.js'] } } }],
      },
      '/mf-finder/',
    );
    expect(files).toEqual([
      '/mf-finder/remoteEntry.js',
      '/mf-finder/expose.js',
      '/mf-finder/1.js',
      '/mf-finder/2.js',
      '/mf-finder/1.css',
      '/mf-finder/react.js',
    ]);
  });

  it('when the manifest is empty, then only the entry is cached', () => {
    expect(collectRemoteAssets({}, '/mf-advertiser/')).toEqual(['/mf-advertiser/remoteEntry.js']);
  });
});

describe('what the service worker keeps', () => {
  it('when it caches remotes, then the admin console is not among them (every visitor installs the worker)', () => {
    expect(cachedRemotePrefixes).toEqual(['/mf-finder/', '/mf-advertiser/']);
    expect(cachedRemotePrefixes).not.toContain('/mf-admin/');
  });

  it.each([
    ['/api/laundromats', true],
    ['/api/laundromats/search', true],
    ['/api/laundromats/6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab', true],
    ['/api/laundromats/6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab/reviews', true],
    ['/api/laundromats/submissions', false],
    ['/api/laundromatsx', false],
    ['/api/favorites', false],
  ])('when %s is answered, then keeping it for offline use is %s', (path, kept) => {
    expect(isOfflineLaundromatAnswer(path)).toBe(kept);
  });
});

describe('offline answers', () => {
  it('when a cached answer is used, then it is flagged as offline data and keeps its body', async () => {
    const cached = new Response('[1]', { headers: { 'Content-Type': 'application/json' } });
    const marked = markedAsOfflineData(cached);
    expect(marked.headers.get('X-Offline-Data')).toBe('true');
    expect(marked.headers.get('Content-Type')).toBe('application/json');
    expect(await marked.json()).toEqual([1]);
  });

  it('when nothing is cached, then the answer is a 503 flagged offline with its time', async () => {
    const response = offlineFallbackResponse(1234);
    expect(response.status).toBe(503);
    expect(response.headers.get('X-Offline-Fallback')).toBe('true');
    expect(await response.json()).toEqual({ offline: true, timestamp: 1234 });
  });
});

describe('messages to the service worker', () => {
  it.each([
    [
      'a cache message',
      { type: 'CACHE_DATA', key: 'offline_laundromats', url: '/api/laundromats', data: [] },
      true,
    ],
    ['skip waiting', { type: 'SKIP_WAITING' }, false],
    ['not an object', 'hello', false],
  ])('when it is %s, then it is a cache message: %s', (_, message, expected) => {
    expect(isCacheDataMessage(message)).toBe(expected);
  });
});

describe('map tiles kept for offline use', () => {
  it.each([
    ['https://tile.openstreetmap.org/13/2411/3080.png', true],
    ['https://tiles.example.test/base/5/10/12@2x.webp', true],
    ['https://a.tile.example.test/0/0/0.jpg', true],
    ['http://localhost/api/laundromats/13/2411/3080', false],
    ['http://localhost/objects/photos/1/2/3.png', false],
    ['http://localhost/mf-finder/icons/192.png', false],
  ])('when %s is fetched, then it is a map tile: %s', (url, expected) => {
    expect(isMapTileUrl(new URL(url))).toBe(expected);
  });
});
