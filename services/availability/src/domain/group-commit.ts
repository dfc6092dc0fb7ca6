/** What a batch's transaction answers: for each item in the batch's order, its answer or the error refusing it. */
export interface BatchOutcome<A> {
  answers: ReadonlyArray<A | Error>;
}

/** An item's answer in a batch's outcome: whatever is not an Error. */
export type AnswerOf<R extends BatchOutcome<unknown>> = Exclude<R['answers'][number], Error>;

export interface GroupCommitOptions<R> {
  /** Items in one transaction at most. */
  maxBatch?: number;
  /** Transactions writing at once at most. */
  concurrentBatches?: number;
  /** After a batch committed and before its items are answered (a live stream hears of its changes first). */
  committed?(outcome: R): void;
}

/**
 * Group commit: items that arrive while a transaction is writing wait and go together in the next one, so a
 * busy endpoint costs a few statements per batch instead of a dozen round trips per item. Each item is
 * answered only after the transaction holding it committed. `write` stores a batch in one transaction and
 * answers each item (an Error refuses that item alone, the others still commit); when the whole transaction
 * fails, each item is written again alone, so one bad item fails only itself.
 */
export function createGroupCommit<T, R extends BatchOutcome<unknown>>(
  write: (batch: readonly T[]) => Promise<R>,
  options: GroupCommitOptions<R> = {},
) {
  const maxBatch = options.maxBatch ?? 200;
  const concurrent = options.concurrentBatches ?? 2;
  type A = AnswerOf<R>;
  const queue: Array<{ item: T; resolve(answer: A): void; reject(error: unknown): void }> = [];
  let running = 0;

  const settle = (batch: typeof queue, outcome: R) => {
    try {
      options.committed?.(outcome);
    } catch {
      // What was committed stays committed: its senders are answered whatever a listener did.
    }
    batch.forEach((waiting, i) => {
      const answer = outcome.answers[i];
      if (answer instanceof Error) waiting.reject(answer);
      else if (answer === undefined) waiting.reject(new Error('the batch gave no answer for this item'));
      else waiting.resolve(answer as A);
    });
  };

  /** Writes and answers; only a failed write is tried again, never one that committed. */
  const writeBatch = async (batch: typeof queue) => {
    let outcome: R;
    try {
      outcome = await write(batch.map((waiting) => waiting.item));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const waiting of batch) await writeBatch([waiting]);
      return;
    }
    settle(batch, outcome);
  };

  const next = () => {
    while (running < concurrent && queue.length > 0) {
      running += 1;
      void writeBatch(queue.splice(0, maxBatch)).finally(() => {
        running -= 1;
        next();
      });
    }
  };

  return {
    /** Queues the item; the answer comes once the transaction holding it committed. */
    submit(item: T): Promise<A> {
      return new Promise<A>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // Once the current turn's requests are queued too, so those arriving together share a batch.
        if (queue.length === 1) setImmediate(next);
      });
    },
    /** Items waiting for a transaction (not those being written). */
    get waiting() {
      return queue.length;
    },
  };
}
