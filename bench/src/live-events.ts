/**
 * The live-stream benchmark's bookkeeping, kept apart from its network code so it can be tested alone: reading
 * Server-Sent Events as they arrive in chunks, and matching each accepted change (a report's or a machine
 * message's 2xx) with the events the subscribed streams received for it.
 */

/** What one chunk of a stream held: the `availability` events' data and how many comment lines. */
export interface ParsedChunk {
  events: string[];
  comments: number;
}

/**
 * Feeds chunks of one stream in and gets its complete events out; a frame cut between two chunks waits for
 * the rest. Only `data:` lines and comments are read: the benchmark needs no ids or event names.
 */
export function createSseReader(): (chunk: string) => ParsedChunk {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    const parsed: ParsedChunk = { events: [], comments: 0 };
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) parsed.comments += 1;
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) parsed.events.push(data.join('\n'));
    }
    return parsed;
  };
}

/**
 * A change is known by its laundromat and its summary's updatedAt: the 2xx of a report or machine message
 * carries the live state it made, and every stream following that laundromat gets an event with the same two.
 */
export const changeKey = (laundromatId: string, updatedAt: string) => `${laundromatId}|${updatedAt}`;

/** The key of an event's JSON data, or undefined for a change without a summary (nothing recent known). */
export function eventKey(data: string): string | undefined {
  const event = JSON.parse(data) as { laundromatId: string; live: { updatedAt: string } | null };
  return event.live ? changeKey(event.laundromatId, event.live.updatedAt) : undefined;
}

export interface AcceptedChange {
  key: string;
  /** When the 2xx arrived (performance.now()). */
  answeredAt: number;
  /** Streams following its laundromat while it was sent: each should receive it once. */
  followers: number;
}

export interface DeliveryTally {
  /** 2xx → event, one value per stream that received it (may be below 0: an event can beat its answer). */
  latencies: number[];
  /** 2xx → the first subscribed stream's event, one value per change that reached any stream. */
  firstLatencies: number[];
  expected: number;
  delivered: number;
  /** Changes that reached none of their followers. */
  changesNeverDelivered: number;
  /** Followers that did not receive a change (summed over the changes). */
  missing: number;
  /** Events received beyond one per follower (a stream should get each change once). */
  duplicates: number;
}

/** Matches the accepted changes with the arrival times recorded per change key by the streams. */
export function tallyDeliveries(
  changes: readonly AcceptedChange[],
  arrivals: ReadonlyMap<string, readonly number[]>,
): DeliveryTally {
  const tally: DeliveryTally = {
    latencies: [],
    firstLatencies: [],
    expected: 0,
    delivered: 0,
    changesNeverDelivered: 0,
    missing: 0,
    duplicates: 0,
  };
  for (const change of changes) {
    const times = arrivals.get(change.key) ?? [];
    tally.expected += change.followers;
    const counted = Math.min(times.length, change.followers);
    tally.delivered += counted;
    tally.missing += change.followers - counted;
    tally.duplicates += times.length - counted;
    if (times.length === 0) {
      tally.changesNeverDelivered += 1;
      continue;
    }
    let first = Infinity;
    for (const at of times) {
      tally.latencies.push(at - change.answeredAt);
      first = Math.min(first, at);
    }
    tally.firstLatencies.push(first - change.answeredAt);
  }
  return tally;
}

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles, in the unit given, to 0.1. */
export function summarise(values: readonly number[]): Summary {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) =>
    sorted.length === 0
      ? NaN
      : sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))]!;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.length === 0 ? NaN : sorted[sorted.length - 1]!),
  };
}

/**
 * Which laundromats each stream follows: the subscriptions dealt round the shuffled laundromats in turn, so
 * every laundromat has the same number of followers (±1) and a stream's laundromats are distinct whenever
 * there are at least `follow` of them.
 */
export function dealSubscriptions(
  laundromatIds: readonly string[],
  streams: number,
  follow: number,
): string[][] {
  const perStream: string[][] = [];
  let next = 0;
  for (let s = 0; s < streams; s++) {
    const ids: string[] = [];
    for (let f = 0; f < follow; f++) ids.push(laundromatIds[next++ % laundromatIds.length]!);
    perStream.push(ids);
  }
  return perStream;
}

/** A seeded shuffle (mulberry32), so a run's subscriptions repeat. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
