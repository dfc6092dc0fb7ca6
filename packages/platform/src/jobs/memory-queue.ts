import type { Logger } from 'pino';
import {
  DEFAULT_JOB_ATTEMPTS,
  DEFAULT_JOB_BACKOFF_MS,
  type FailedJob,
  type InspectableJobQueue,
  type JobOptions,
} from './job-queue.ts';
import { observeJobs } from '../observability/jobs.ts';
import { registerQueueProbe } from '../observability/metrics.ts';

export interface MemoryQueueOptions {
  name: string;
  logger?: Logger;
  /** Default back-off when a job gives none; tests pass a few ms. */
  backoffMs?: number;
}

export interface MemoryQueue<T> extends InspectableJobQueue<T> {
  /** Resolves once no job is waiting, running or scheduled for a retry. */
  idle(): Promise<void>;
}

interface Job<T> {
  id: string | undefined;
  data: T;
  attempts: number;
  backoffMs: number;
  attemptsMade: number;
}

/** The embedded mode's queue, with BullMQ's semantics: jobId de-duplication, exponential back-off, a failed list. */
export function createMemoryQueue<T>(options: MemoryQueueOptions): MemoryQueue<T> {
  const waiting: Job<T>[] = [];
  const failed: FailedJob<T>[] = [];
  const liveIds = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const schedulers = new Map<string, NodeJS.Timeout>();
  let handler: ((data: T, attempt: number) => Promise<void>) | undefined;
  let concurrency = 1;
  let active = 0;
  let closed = false;
  let idleWaiters: Array<() => void> = [];
  let unregisterProbe: (() => void) | undefined;

  function checkIdle(): void {
    if (waiting.length === 0 && active === 0 && timers.size === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  }

  function finish(job: Job<T>): void {
    if (job.id) liveIds.delete(job.id);
  }

  async function run(job: Job<T>, process: (data: T, attempt: number) => Promise<void>): Promise<void> {
    try {
      await process(job.data, job.attemptsMade + 1);
      finish(job);
    } catch (err) {
      job.attemptsMade += 1;
      options.logger?.warn({ err, queue: options.name, attempt: job.attemptsMade }, 'job attempt failed');
      if (job.attemptsMade < job.attempts && !closed) {
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            waiting.push(job);
            pump();
          },
          job.backoffMs * 2 ** (job.attemptsMade - 1),
        );
        timers.add(timer);
      } else {
        failed.push({
          data: job.data,
          attempts: job.attemptsMade,
          error: err instanceof Error ? err.message : String(err),
        });
        finish(job);
      }
    }
  }

  function pump(): void {
    while (handler && !closed && active < concurrency && waiting.length > 0) {
      const job = waiting.shift() as Job<T>;
      active += 1;
      void run(job, handler).finally(() => {
        active -= 1;
        pump();
      });
    }
    checkIdle();
  }

  return {
    name: options.name,
    async add(data: T, jobOptions: JobOptions = {}) {
      if (jobOptions.jobId) {
        if (liveIds.has(jobOptions.jobId)) return;
        liveIds.add(jobOptions.jobId);
      }
      waiting.push({
        id: jobOptions.jobId,
        data,
        attempts: jobOptions.attempts ?? DEFAULT_JOB_ATTEMPTS,
        backoffMs: jobOptions.backoffMs ?? options.backoffMs ?? DEFAULT_JOB_BACKOFF_MS,
        attemptsMade: 0,
      });
      // Asynchronous like a real queue: add() never runs the job on the caller's stack.
      setImmediate(pump);
    },
    async repeat(schedulerId: string, everyMs: number, data: T) {
      clearInterval(schedulers.get(schedulerId));
      const timer = setInterval(() => {
        if (closed) return;
        waiting.push({
          id: undefined,
          data,
          attempts: DEFAULT_JOB_ATTEMPTS,
          backoffMs: options.backoffMs ?? DEFAULT_JOB_BACKOFF_MS,
          attemptsMade: 0,
        });
        pump();
      }, everyMs);
      // A schedule alone keeps no process alive, as with BullMQ, whose ticks live in Redis.
      timer.unref();
      schedulers.set(schedulerId, timer);
    },
    process(process, processOptions) {
      if (handler) throw new Error(`Queue ${options.name} already has a processor`);
      handler = observeJobs(options.name, process);
      unregisterProbe = registerQueueProbe(options.name, async () => ({
        waiting: waiting.length,
        active,
        delayed: timers.size,
        failed: failed.length,
      }));
      concurrency = processOptions?.concurrency ?? 1;
      setImmediate(pump);
    },
    failed: async () => [...failed],
    idle: () =>
      new Promise((resolve) => {
        idleWaiters.push(resolve);
        setImmediate(checkIdle);
      }),
    ready: async () => !closed,
    async close() {
      closed = true;
      unregisterProbe?.();
      for (const timer of schedulers.values()) clearInterval(timer);
      schedulers.clear();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      checkIdle();
    },
  };
}
