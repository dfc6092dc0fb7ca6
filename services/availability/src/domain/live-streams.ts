import type { LiveAvailabilityEvent } from '@laundry/contracts';

/**
 * Where changes go out to every replica: Redis pub/sub in the distributed mode (each replica's streams hear
 * every change, whichever replica made it), in memory in the embedded one, where there is one process.
 */
export interface LiveFanout {
  publish(event: LiveAvailabilityEvent): Promise<void>;
  /** Starts hearing every published change; resolves once it does. */
  listen(onEvent: (event: LiveAvailabilityEvent) => void): Promise<void>;
  close(): Promise<void>;
}

/** One open stream: what it follows and how to send it an event. */
export interface LiveStream {
  laundromatIds: readonly string[];
  send(event: LiveAvailabilityEvent): void;
  /** A comment line, so proxies and the browser see the stream is alive while nothing changes. */
  heartbeat(): void;
  /** True once the server it runs on stopped listening: the stream ends, so shutting down is not held up. */
  orphaned(): boolean;
  end(): void;
}

/** The SSE id of an event: its computedAt in epoch milliseconds, which orders a laundromat's changes. */
export const liveEventId = (event: LiveAvailabilityEvent) => String(Date.parse(event.computedAt));

/**
 * Last-Event-ID back into the moment from which changes were missed; anything that is not one of our ids
 * (a client's own, a truncated header) resumes from nothing rather than failing the stream.
 */
export function resumeFrom(lastEventId: string | undefined): Date | undefined {
  if (!lastEventId || !/^\d{1,15}$/.test(lastEventId.trim())) return undefined;
  return new Date(Number(lastEventId.trim()));
}

/**
 * The streams open in this process, by the laundromats they follow, so a change reaches only the streams
 * that asked for it (10,000 streams of a few ids each cost a lookup, not a scan).
 */
export function createLiveStreamHub(onCountChange: (open: number) => void = () => {}) {
  const byLaundromat = new Map<string, Set<LiveStream>>();
  let open = 0;
  return {
    add(stream: LiveStream): () => void {
      for (const id of stream.laundromatIds) {
        let set = byLaundromat.get(id);
        if (!set) byLaundromat.set(id, (set = new Set()));
        set.add(stream);
      }
      onCountChange(++open);
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        for (const id of stream.laundromatIds) {
          const set = byLaundromat.get(id);
          set?.delete(stream);
          if (set?.size === 0) byLaundromat.delete(id);
        }
        onCountChange(--open);
      };
    },
    deliver(event: LiveAvailabilityEvent): number {
      const streams = byLaundromat.get(event.laundromatId);
      if (!streams) return 0;
      for (const stream of streams) stream.send(event);
      return streams.size;
    },
    /** Every open stream once (a stream following several laundromats is in several sets). */
    streams(): Set<LiveStream> {
      const all = new Set<LiveStream>();
      for (const set of byLaundromat.values()) for (const stream of set) all.add(stream);
      return all;
    },
    get open() {
      return open;
    },
  };
}
export type LiveStreamHub = ReturnType<typeof createLiveStreamHub>;

/**
 * The hub's upkeep, as background work: a heartbeat to every stream every `heartbeatMs` (one timer for all,
 * not one per stream), and every second the streams of a server that stopped listening are ended; an open
 * stream would otherwise hold the server's shutdown up until it is killed.
 */
export function liveStreamUpkeep(hub: LiveStreamHub, heartbeatMs: number) {
  const timers: NodeJS.Timeout[] = [];
  return {
    start() {
      timers.push(
        setInterval(() => {
          for (const stream of hub.streams()) stream.heartbeat();
        }, heartbeatMs),
        setInterval(() => {
          for (const stream of hub.streams()) if (stream.orphaned()) stream.end();
        }, 1000),
      );
      for (const timer of timers) timer.unref();
    },
    stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      for (const stream of hub.streams()) stream.end();
      return Promise.resolve();
    },
  };
}

/** The last published state per laundromat (infra/live-stream-repository.ts). */
export interface LiveStreamStore {
  current(laundromatId: string): Promise<LiveAvailabilityEvent | undefined>;
  /** The followed laundromats whose state changed after `since`, oldest change first. */
  changedSince(laundromatIds: readonly string[], since: Date): Promise<LiveAvailabilityEvent[]>;
}
