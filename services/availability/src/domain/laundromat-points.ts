import type { DirectoryClient } from '@laundry/contracts';
import { ExpiringCache } from './expiring-cache.ts';

export type LaundromatPoint = NonNullable<Awaited<ReturnType<DirectoryClient['laundromatPoint']>>>;

/** What reports ask of the directory, with what this process already knows of its answers. */
export interface RememberedPoints {
  laundromatPoint(laundromatId: string): Promise<LaundromatPoint | null>;
  /** The point kept for the laundromat, without asking the directory; undefined when none is kept. */
  known(laundromatId: string): LaundromatPoint | undefined;
  /** Drops what is kept of the laundromat (the directory said it changed). */
  forget(laundromatId: string): void;
}

/**
 * The directory's answer to 'where is this laundromat, and how many machines does it list', kept for
 * `ttlMs`: a busy laundromat's reports then cost the directory one request per `ttlMs`, not one each, and
 * reports arriving together for a laundromat not kept share one request. Only listed laundromats are kept
 * (an unknown one is asked again each time), at most `max` of them, the one used longest ago going first.
 * The directory's events about a laundromat (merged, an edit approved) drop it at once in the process that
 * hears them (replicas of a service compete for its queue, so one of several); elsewhere, and for a change
 * no event announces, a listing's change reaches reports within `ttlMs`. The state still comes from what
 * visitors count.
 */
export function rememberLaundromatPoints<D extends Pick<DirectoryClient, 'laundromatPoint'>>(
  directory: D,
  options: { ttlMs: number; max?: number; now?: () => number },
): D & RememberedPoints {
  const now = options.now ?? Date.now;
  const kept = new ExpiringCache<string, LaundromatPoint>({ max: options.max ?? 20_000, now });
  const asking = new Map<string, Promise<LaundromatPoint | null>>();
  // Bumped by forget(): an answer asked for before the laundromat changed is not kept.
  const generation = new Map<string, number>();
  return {
    ...directory,
    known: (laundromatId) => kept.get(laundromatId),
    forget(laundromatId) {
      kept.delete(laundromatId);
      asking.delete(laundromatId);
      generation.set(laundromatId, (generation.get(laundromatId) ?? 0) + 1);
    },
    laundromatPoint(laundromatId: string) {
      const point = kept.get(laundromatId);
      if (point) return Promise.resolve(point);
      const pending = asking.get(laundromatId);
      if (pending) return pending;
      const asked = generation.get(laundromatId);
      const answer = directory.laundromatPoint(laundromatId).then(
        (found) => {
          if (asking.get(laundromatId) === answer) asking.delete(laundromatId);
          if (found && options.ttlMs > 0 && generation.get(laundromatId) === asked) {
            kept.set(laundromatId, found, now() + options.ttlMs);
          }
          return found;
        },
        (error: unknown) => {
          if (asking.get(laundromatId) === answer) asking.delete(laundromatId);
          throw error;
        },
      );
      asking.set(laundromatId, answer);
      return answer;
    },
  };
}
