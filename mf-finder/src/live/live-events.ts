import type { LiveAvailabilityEvent, LiveSummary } from '@laundry/contracts';

/** The event of an SSE `availability` message, or null for anything that is not one. */
export function parseLiveEvent(data: string): LiveAvailabilityEvent | null {
  try {
    const event = JSON.parse(data) as Partial<LiveAvailabilityEvent> | null;
    if (!event || typeof event.laundromatId !== 'string' || event.live === undefined) return null;
    return event as LiveAvailabilityEvent;
  } catch {
    return null;
  }
}

/** Whether a cached query holds laundromats whose live summary an event can change. */
export function carriesLaundromats(queryKey: readonly unknown[]): boolean {
  const [path] = queryKey;
  return (
    typeof path === 'string' &&
    path.startsWith('/api/') &&
    !path.endsWith('/availability') &&
    !path.endsWith('/busyness')
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function sameSummary(a: LiveSummary | null, b: LiveSummary | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.washersFree === b.washersFree &&
    a.washersTotal === b.washersTotal &&
    a.dryersFree === b.dryersFree &&
    a.dryersTotal === b.dryersTotal &&
    a.updatedAt === b.updatedAt &&
    a.source === b.source
  );
}

/**
 * A cached answer with the laundromat's live summary replaced by the event's: a list's pages (the
 * results' `{ data: { items } }`, a plain array of laundromats) or one laundromat. Whatever does not hold
 * that laundromat comes back as the same object, so nothing that reads it re-renders; an event older than
 * the summary already held (a late delivery after a reconnect) changes nothing either.
 */
export function withLiveSummary<T>(data: T, laundromatId: string, live: LiveSummary | null, depth = 0): T {
  if (depth > 3) return data;
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item: unknown) => {
      const updated = withLiveSummary(item, laundromatId, live, depth + 1);
      if (updated !== item) changed = true;
      return updated;
    });
    return (changed ? next : data) as T;
  }
  if (!isRecord(data)) return data;
  if (data.id === laundromatId && 'live' in data) {
    const held = (data.live ?? null) as LiveSummary | null;
    if (sameSummary(held, live)) return data;
    if (held && live && Date.parse(live.updatedAt) < Date.parse(held.updatedAt)) return data;
    return { ...data, live } as T;
  }
  for (const field of ['data', 'items'] as const) {
    const inner = data[field];
    if (!isRecord(inner)) continue;
    const updated = withLiveSummary(inner, laundromatId, live, depth + 1);
    if (updated !== inner) return { ...data, [field]: updated } as T;
  }
  return data;
}

/** What the stream's health says to do after something happened to it. */
export type StreamVerdict = 'keep' | 'fall-back';

export interface StreamHealthRules {
  /** Errors (drops and failed reconnects) within `errorWindowMs` that give up on the stream. */
  maxErrors: number;
  errorWindowMs: number;
}

export const streamHealthRules: StreamHealthRules = { maxErrors: 3, errorWindowMs: 120_000 };

/**
 * When to stop relying on the stream and read again on focus instead. A browser reconnects a dropped
 * stream by itself, so one drop is normal; a stream that keeps dropping (a proxy that buffers it and cuts
 * it at its timeout) or that the server refused outright is given up. An event that arrives proves the
 * stream works and forgets earlier drops. Times are passed in, so the rules are checked without a clock.
 */
export function createStreamHealth(rules: StreamHealthRules = streamHealthRules) {
  let errors: number[] = [];
  return {
    error(at: number, closed: boolean): StreamVerdict {
      if (closed) return 'fall-back';
      errors = [...errors.filter((time) => at - time < rules.errorWindowMs), at];
      return errors.length >= rules.maxErrors ? 'fall-back' : 'keep';
    },
    event(): void {
      errors = [];
    },
  };
}

/** How long to wait before trying the stream again after the n-th time it was given up (1, 2, …). */
export function retryDelayMs(failures: number): number {
  return Math.min(10 * 60_000, 60_000 * 2 ** Math.max(0, failures - 1));
}
