/**
 * A bounded least-recently-used map whose entries each expire at their own time: what a process keeps of
 * another's answers (the directory's laundromat points, the feed keys' laundromats) so that a busy endpoint
 * does not ask again on every request. An expired entry is never returned; beyond `max` entries the one
 * used longest ago goes first.
 */
export class ExpiringCache<K, V> {
  readonly #max: number;
  readonly #now: () => number;
  // A Map iterates in insertion order: an entry used is moved to the end, so the first is the least recent.
  readonly #entries = new Map<K, { value: V; until: number }>();

  constructor(options: { max: number; now?: () => number }) {
    if (!(options.max >= 1)) throw new RangeError('an expiring cache keeps at least one entry');
    this.#max = options.max;
    this.#now = options.now ?? Date.now;
  }

  /** The value kept for `key`, unless it expired (then it is dropped). */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.until <= this.#now()) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` until the time `until` (ms since the epoch); one already past is not kept. */
  set(key: K, value: V, until: number): void {
    this.#entries.delete(key);
    if (until <= this.#now()) return;
    this.#entries.set(key, { value, until });
    while (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Entries held, expired ones not yet dropped included. */
  get size(): number {
    return this.#entries.size;
  }
}
