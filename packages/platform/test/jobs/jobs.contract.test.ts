import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { createBullQueue } from '@laundry/platform/jobs/bullmq';
import { createMemoryQueue, type InspectableJobQueue } from '@laundry/platform/jobs';
import { available, eventually, silentLogger, uniqueName, urls } from '../support/servers.ts';

const prefix = uniqueName('jobs');
const opened: InspectableJobQueue<unknown>[] = [];

const implementations = [
  {
    name: 'bullmq',
    unavailable: !available.redis,
    create: <T>(name: string) =>
      createBullQueue<T>({ name, connection: urls.redis, prefix, logger: silentLogger }),
  },
  {
    name: 'memory',
    unavailable: false,
    create: <T>(name: string) => createMemoryQueue<T>({ name, logger: silentLogger }),
  },
];

afterAll(async () => {
  await Promise.all(opened.map((queue) => queue.close()));
  if (!available.redis) return;
  for (const name of ['resize', 'flaky', 'broken', 'unique', 'scheduled']) {
    const queue = new Queue(name, { connection: { url: urls.redis }, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
});

describe.each(implementations.filter((variant) => !variant.unavailable))(
  'JobQueue on $name',
  ({ create }) => {
    function open<T>(name: string): InspectableJobQueue<T> {
      const queue = create<T>(name);
      opened.push(queue as InspectableJobQueue<unknown>);
      return queue;
    }

    it('when a job is added, then the processor receives its data on attempt 1', async () => {
      const queue = open<{ photo: string }>('resize');
      const seen: Array<[{ photo: string }, number]> = [];
      queue.process(async (data, attempt) => {
        seen.push([data, attempt]);
      });
      await queue.add({ photo: 'a.jpg' });
      await eventually(() => seen.length === 1);
      expect(seen).toEqual([[{ photo: 'a.jpg' }, 1]]);
      expect(await queue.ready()).toBe(true);
    });

    it('when the processor throws once, then the job is retried after its back-off and succeeds', async () => {
      const queue = open<{ n: number }>('flaky');
      const attemptTimes: number[] = [];
      let succeeded = false;
      queue.process(async (_data, attempt) => {
        attemptTimes.push(Date.now());
        if (attempt === 1) throw new Error('transient');
        succeeded = true;
      });
      await queue.add({ n: 1 }, { attempts: 3, backoffMs: 200 });
      await eventually(() => succeeded);
      expect(attemptTimes).toHaveLength(2);
      expect((attemptTimes[1] ?? 0) - (attemptTimes[0] ?? 0)).toBeGreaterThanOrEqual(180);
      expect(await queue.failed()).toEqual([]);
    });

    it('when the processor keeps throwing, then it backs off exponentially and the job ends in failed', async () => {
      const queue = open<{ n: number }>('broken');
      const attemptTimes: number[] = [];
      queue.process(async () => {
        attemptTimes.push(Date.now());
        throw new Error('permanent');
      });
      await queue.add({ n: 2 }, { attempts: 3, backoffMs: 100 });
      await eventually(async () => (await queue.failed()).length === 1);
      expect(attemptTimes).toHaveLength(3);
      const [first = 0, second = 0, third = 0] = attemptTimes;
      expect(second - first).toBeGreaterThanOrEqual(90);
      expect(third - second).toBeGreaterThanOrEqual(190);
      expect(await queue.failed()).toEqual([{ data: { n: 2 }, attempts: 3, error: 'permanent' }]);
    });

    it('when a job id is added twice while the first is pending, then it runs once', async () => {
      const queue = open<{ n: number }>('unique');
      await queue.add({ n: 1 }, { jobId: 'same' });
      await queue.add({ n: 2 }, { jobId: 'same' });
      const seen: number[] = [];
      queue.process(async (data) => {
        seen.push(data.n);
      });
      await eventually(() => seen.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toEqual([1]);
    });

    it('when a schedule is declared twice under one id, then jobs come at its interval, not twice as often', async () => {
      const queue = open<{ tick: string }>('scheduled');
      const seen: number[] = [];
      queue.process(async () => {
        seen.push(Date.now());
      });
      await queue.repeat('every-200ms', 200, { tick: 'close' });
      await queue.repeat('every-200ms', 200, { tick: 'close' });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(seen.length).toBeGreaterThanOrEqual(3);
      expect(seen.length).toBeLessThanOrEqual(7);
    });
  },
);
