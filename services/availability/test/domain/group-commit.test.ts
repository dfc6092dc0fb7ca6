import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/domain/group-commit.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A writer whose transactions are held open until released, recording each batch it was given. */
function heldWriter(fail: (batch: readonly number[]) => boolean = () => false) {
  const batches: number[][] = [];
  const open: Array<() => void> = [];
  const committed: number[] = [];
  const write = (batch: readonly number[]) =>
    new Promise<{ answers: Array<string | Error> }>((resolve, reject) => {
      batches.push([...batch]);
      open.push(() => {
        if (fail(batch)) return reject(new Error(`batch ${batch.join(',')} failed`));
        committed.push(...batch);
        resolve({ answers: batch.map((n) => (n < 0 ? new Error(`${n} refused`) : `stored ${n}`)) });
      });
    });
  const releaseAll = async () => {
    while (open.length > 0) {
      open.shift()!();
      await tick();
    }
  };
  return { write, batches, committed, releaseAll };
}

describe('group commit', () => {
  it('when items arrive while a batch is writing, then they go together in the next one', async () => {
    const writer = heldWriter();
    const queue = createGroupCommit(writer.write, { concurrentBatches: 1 });
    const first = queue.submit(1);
    await tick();
    const later = [2, 3, 4].map((n) => queue.submit(n));
    expect(queue.waiting).toBe(3);
    await writer.releaseAll();
    await writer.releaseAll();
    expect(await first).toBe('stored 1');
    expect(await Promise.all(later)).toEqual(['stored 2', 'stored 3', 'stored 4']);
    expect(writer.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('when more wait than a batch holds, then they are split, and no more batches write at once than allowed', async () => {
    const writer = heldWriter();
    const queue = createGroupCommit(writer.write, { maxBatch: 2, concurrentBatches: 2 });
    const answers = [1, 2, 3, 4, 5].map((n) => queue.submit(n));
    await tick();
    expect(writer.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await writer.releaseAll();
    await writer.releaseAll();
    expect(await Promise.all(answers)).toHaveLength(5);
    expect(writer.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('when an item is refused, then only it is rejected and the others are answered', async () => {
    const writer = heldWriter();
    const queue = createGroupCommit(writer.write);
    const ok = queue.submit(7);
    const refused = expect(queue.submit(-1)).rejects.toThrow('-1 refused');
    await tick();
    await writer.releaseAll();
    expect(await ok).toBe('stored 7');
    await refused;
  });

  it('when a batch fails, then each item is written alone once, and only the bad one fails', async () => {
    const writer = heldWriter((batch) => batch.includes(13));
    const queue = createGroupCommit(writer.write, { concurrentBatches: 1 });
    const answers = [12, 13, 14].map((n) => queue.submit(n).catch((error: Error) => error.message));
    await tick();
    for (let i = 0; i < 4; i += 1) await writer.releaseAll();
    expect(await Promise.all(answers)).toEqual(['stored 12', 'batch 13 failed', 'stored 14']);
    expect(writer.batches).toEqual([[12, 13, 14], [12], [13], [14]]);
    // Nothing stored twice: what committed is each good item once.
    expect(writer.committed).toEqual([12, 14]);
  });

  it('when the after-commit hook throws, then the committed items are answered and never written again', async () => {
    const writer = heldWriter();
    const seen: number[] = [];
    const queue = createGroupCommit(writer.write, {
      committed(outcome) {
        seen.push(outcome.answers.length);
        throw new Error('a listener failed');
      },
    });
    const answers = [1, 2].map((n) => queue.submit(n));
    await tick();
    await writer.releaseAll();
    expect(await Promise.all(answers)).toEqual(['stored 1', 'stored 2']);
    expect(seen).toEqual([2]);
    expect(writer.batches).toEqual([[1, 2]]);
  });
});
