import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import {
  DEFAULT_JOB_ATTEMPTS,
  DEFAULT_JOB_BACKOFF_MS,
  type FailedJob,
  type InspectableJobQueue,
  type JobOptions,
} from './job-queue.ts';
import { withTimeout } from '../shared/with-timeout.ts';
import { observeJobs } from '../observability/jobs.ts';
import { registerQueueProbe } from '../observability/metrics.ts';

export interface BullQueueOptions {
  name: string;
  /** A redis:// URL. */
  connection: string;
  /** Key prefix (BullMQ's default is "bull"); tests use a unique one. */
  prefix?: string;
  logger: Logger;
  defaults?: { attempts?: number; backoffMs?: number };
}

/** BullMQ in Redis: the job survives a crash of the process that added it, and workers may run elsewhere. */
export function createBullQueue<T>(options: BullQueueOptions): InspectableJobQueue<T> {
  const { name, logger } = options;
  // A worker blocks on Redis; BullMQ requires maxRetriesPerRequest null for its connection.
  const connection = { url: options.connection, maxRetriesPerRequest: null };
  const queue = new Queue(name, { connection, prefix: options.prefix });
  queue.on('error', (err) => logger.error({ err, queue: name }, 'job queue error'));
  let worker: Worker | undefined;
  let unregisterProbe: (() => void) | undefined;

  return {
    name,
    async add(data: T, jobOptions: JobOptions = {}) {
      await queue.add(name, data, {
        jobId: jobOptions.jobId,
        attempts: jobOptions.attempts ?? options.defaults?.attempts ?? DEFAULT_JOB_ATTEMPTS,
        backoff: {
          type: 'exponential',
          delay: jobOptions.backoffMs ?? options.defaults?.backoffMs ?? DEFAULT_JOB_BACKOFF_MS,
        },
        removeOnComplete: true,
        // Failed jobs stay (bounded) so they can be inspected and retried by hand.
        removeOnFail: { count: 1000 },
      });
    },
    async repeat(schedulerId: string, everyMs: number, data: T) {
      await queue.upsertJobScheduler(
        schedulerId,
        { every: everyMs },
        {
          name,
          data,
          opts: {
            attempts: options.defaults?.attempts ?? DEFAULT_JOB_ATTEMPTS,
            backoff: { type: 'exponential', delay: options.defaults?.backoffMs ?? DEFAULT_JOB_BACKOFF_MS },
            removeOnComplete: true,
            removeOnFail: { count: 1000 },
          },
        },
      );
    },
    process(handler, processOptions) {
      if (worker) throw new Error(`Queue ${name} already has a processor`);
      const observed = observeJobs(name, handler);
      // The process that works the queue reports its backlog; one that only adds jobs does not.
      unregisterProbe = registerQueueProbe(name, async () => {
        const counts = await withTimeout(
          queue.getJobCounts('wait', 'active', 'delayed', 'failed'),
          2000,
          'redis',
        );
        return {
          waiting: counts.wait ?? 0,
          active: counts.active ?? 0,
          delayed: counts.delayed ?? 0,
          failed: counts.failed ?? 0,
        };
      });
      worker = new Worker(name, (job) => observed(job.data as T, job.attemptsMade + 1), {
        connection,
        prefix: options.prefix,
        concurrency: processOptions?.concurrency ?? 1,
      });
      worker.on('error', (err) => logger.error({ err, queue: name }, 'job worker error'));
      worker.on('failed', (job, err) =>
        logger.warn({ err, queue: name, jobId: job?.id, attempt: job?.attemptsMade }, 'job attempt failed'),
      );
    },
    async failed(): Promise<FailedJob<T>[]> {
      const jobs = await queue.getFailed();
      return jobs.map((job) => ({
        data: job.data as T,
        attempts: job.attemptsMade,
        error: job.failedReason,
      }));
    },
    async ready() {
      try {
        await withTimeout(queue.getJobCounts('wait'), 2000, 'redis');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      unregisterProbe?.();
      await worker?.close();
      await queue.close();
    },
  };
}
