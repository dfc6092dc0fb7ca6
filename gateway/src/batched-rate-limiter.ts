import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimitDecision {
  allowed: boolean;
  /** Until the window ends; what Retry-After says when refused. */
  msBeforeNext: number;
}

export interface BatchingOptions {
  /** Points a key may use per window, as the store counts them. */
  points: number;
  /** Most points one gateway lets through on its own before the shared store has counted them. */
  batchSize: number;
  /** How long points may wait here before they are sent to the store. */
  flushIntervalMs: number;
  /** A count read from the store longer ago than this is not trusted for local decisions. */
  maxStaleMs: number;
  /** Keys counted locally at once; further keys simply go to the store with every request. */
  maxKeys: number;
}

interface KeyCount {
  /** The store's count at its last answer, every gateway's requests included. */
  confirmed: number;
  /** Points sent to the store and not answered yet. */
  inFlight: number;
  /** Points let through here and not sent yet. */
  pending: number;
  flushing: boolean;
  /** When the store's window ends, by this process's clock. */
  resetAt: number;
  answeredAt: number;
}

/**
 * A local pre-count in front of a shared (Redis) limiter, so a busy client costs a store round trip per
 * batch of requests rather than per request.
 *
 * A request is let through without asking the store only when this gateway's view of the key (the store's
 * last answer, what it has sent since and what it has let through since) leaves room for it, that answer is
 * recent (maxStaleMs) and fewer than batchSize points are still uncounted by the store; the points are sent
 * to the store as one increment when batchSize is reached or flushIntervalMs has passed. Anything else
 * (a key seen for the first time, a stale or expired count, a nearly used-up window, a refused key) is
 * decided by the store as before, taking this gateway's uncounted points along.
 *
 * With one gateway the decisions are exact: its view is the whole count. With several, each lets through at
 * most batchSize points before the store's next answer shows it what the others did, so a key can exceed its
 * limit by about batchSize per gateway in a window (tested: within one batch per gateway). Points let through
 * in the last flushIntervalMs before a process stops are not counted at all.
 */
export class BatchedRateLimiter {
  private readonly counts = new Map<string, KeyCount>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: RateLimiterAbstract,
    private readonly options: BatchingOptions,
  ) {}

  /** A decision at once when it can be made here, otherwise the store's. */
  consume(key: string): RateLimitDecision | Promise<RateLimitDecision> {
    const now = Date.now();
    const count = this.counts.get(key);
    if (
      count &&
      now < count.resetAt &&
      now - count.answeredAt <= this.options.maxStaleMs &&
      count.inFlight + count.pending < this.options.batchSize &&
      count.confirmed + count.inFlight + count.pending < this.options.points
    ) {
      count.pending += 1;
      if (count.inFlight + count.pending >= this.options.batchSize) void this.send(key, count);
      else this.scheduleFlush();
      return { allowed: true, msBeforeNext: count.resetAt - now };
    }
    return this.consumeInStore(key, count, now);
  }

  /** Sends every key's uncounted points now. */
  async flush(): Promise<void> {
    await Promise.all([...this.counts].map(([key, count]) => this.send(key, count)));
  }

  private async consumeInStore(
    key: string,
    count: KeyCount | undefined,
    now: number,
  ): Promise<RateLimitDecision> {
    let entry = count;
    // Points of a window that has ended count for nothing.
    if (entry && now >= entry.resetAt) entry.pending = 0;
    if (!entry) {
      if (this.counts.size >= this.options.maxKeys) this.forgetIdle(now);
      if (this.counts.size < this.options.maxKeys) {
        entry = { confirmed: 0, inFlight: 0, pending: 0, flushing: false, resetAt: 0, answeredAt: 0 };
        this.counts.set(key, entry);
      }
    }
    const points = 1 + (entry?.pending ?? 0);
    if (entry) {
      entry.pending = 0;
      entry.inFlight += points;
    }
    try {
      const answer = await this.store.consume(key, points);
      if (entry) this.record(entry, points, answer);
      return { allowed: true, msBeforeNext: answer.msBeforeNext };
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        if (entry) this.counts.delete(key);
        throw error;
      }
      if (entry) this.record(entry, points, error);
      return { allowed: false, msBeforeNext: error.msBeforeNext };
    }
  }

  private record(count: KeyCount, sent: number, answer: RateLimiterRes): void {
    const now = Date.now();
    count.inFlight -= sent;
    count.confirmed = answer.consumedPoints;
    count.resetAt = now + answer.msBeforeNext;
    count.answeredAt = now;
  }

  /** One increment for the key's uncounted points; one at a time per key, so answers come back in order. */
  private async send(key: string, count: KeyCount): Promise<void> {
    if (count.flushing || count.pending === 0) return;
    if (Date.now() >= count.resetAt) {
      count.pending = 0;
      return;
    }
    const points = count.pending;
    count.pending = 0;
    count.inFlight += points;
    count.flushing = true;
    try {
      this.record(count, points, await this.store.consume(key, points));
    } catch (error) {
      // Over the limit: already let through, now counted, and the key goes to the store from here on.
      if (error instanceof RateLimiterRes) this.record(count, points, error);
      // The store failing: forget the key, so its next request asks the store and meets the failure there.
      else this.counts.delete(key);
    } finally {
      count.flushing = false;
    }
    if (this.counts.get(key) !== count) return;
    if (count.pending >= this.options.batchSize) void this.send(key, count);
    else if (count.pending > 0) this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.flushIntervalMs);
    this.timer.unref();
  }

  private forgetIdle(now: number): void {
    for (const [key, count] of this.counts) {
      if (
        count.pending === 0 &&
        count.inFlight === 0 &&
        (now >= count.resetAt || now - count.answeredAt > this.options.maxStaleMs)
      ) {
        this.counts.delete(key);
      }
    }
  }
}
