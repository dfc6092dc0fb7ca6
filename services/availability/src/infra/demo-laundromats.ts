import { laundromatListResponseSchema } from '@laundry/contracts';
import type { DemoLaundromat } from '../domain/demo-simulation.ts';

/**
 * Central London: the README's first search and screenshot, so the demo laundromats with machine feeds are
 * the ones a newcomer is likely to look at first.
 */
const NEAR = { latitude: 51.5074, longitude: -0.1278 };

/**
 * The `count` listed demo laundromats nearest central London, from the directory's public list (demo rows
 * carry source 'demo'). None when the directory has no demo set (an imported one): the feeds stay idle.
 */
export function demoLaundromatsFromDirectory(options: { baseUrl: string; timeoutMs: number; count: number }) {
  return async (): Promise<DemoLaundromat[]> => {
    const url = new URL('/api/laundromats', options.baseUrl);
    url.searchParams.set('latitude', String(NEAR.latitude));
    url.searchParams.set('longitude', String(NEAR.longitude));
    url.searchParams.set('limit', '50');
    const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
    if (!response.ok) throw new Error(`the directory answered ${response.status}`);
    const list = laundromatListResponseSchema.parse(await response.json());
    return list.items
      .filter((item) => item.source === 'demo')
      .slice(0, options.count)
      .map((item) => ({
        id: item.id,
        timeZone: item.timeZone,
        numWashers: item.numWashers,
        numDryers: item.numDryers,
      }));
  };
}
