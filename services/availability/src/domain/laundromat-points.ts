import type { DirectoryClient } from '@laundry/contracts';

type Point = NonNullable<Awaited<ReturnType<DirectoryClient['laundromatPoint']>>>;

/**
 * The directory's answer to 'where is this laundromat, and how many machines does it list', kept for
 * `ttlMs`: a busy laundromat's reports then ask the directory once a minute, not once each. Only listed
 * laundromats are kept (an unknown one is asked again each time), at most `max` of them, the oldest
 * answer going first. A listing's change reaches reports that much later; the state still comes from
 * what visitors count.
 */
export function rememberLaundromatPoints<D extends Pick<DirectoryClient, 'laundromatPoint'>>(
  directory: D,
  options: { ttlMs: number; max?: number; now?: () => number },
): D {
  const max = options.max ?? 10_000;
  const now = options.now ?? Date.now;
  const known = new Map<string, { point: Point; until: number }>();
  return {
    ...directory,
    async laundromatPoint(laundromatId: string) {
      const kept = known.get(laundromatId);
      if (kept && kept.until > now()) return kept.point;
      known.delete(laundromatId);
      const point = await directory.laundromatPoint(laundromatId);
      if (point && options.ttlMs > 0) {
        known.set(laundromatId, { point, until: now() + options.ttlMs });
        if (known.size > max) known.delete(known.keys().next().value!);
      }
      return point;
    },
  };
}
