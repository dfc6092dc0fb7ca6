export interface JobOptions {
  attempts?: number;
  backoffMs?: number;
  jobId?: string;
}

export interface JobQueue<T = unknown> {
  readonly name: string;
  add(data: T, options?: JobOptions): Promise<void>;
  /**
   * Adds a job with `data` every `everyMs`, under one scheduler id: BullMQ's job scheduler in Redis, so
   * however many processes declare it, each tick makes one job; a timer in the embedded mode. Declaring it
   * again with the same id replaces it.
   */
  repeat(schedulerId: string, everyMs: number, data: T): Promise<void>;
  /** Processes jobs; a handler that throws is retried with exponential back-off, then moved to failed. */
  process(handler: (data: T, attempt: number) => Promise<void>, options?: { concurrency?: number }): void;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/** Defaults when JobOptions leave them out: a few tries with exponential back-off (1 s, 2 s, 4 s...). */
export const DEFAULT_JOB_ATTEMPTS = 3;
export const DEFAULT_JOB_BACKOFF_MS = 1000;

export interface FailedJob<T> {
  data: T;
  attempts: number;
  error: string;
}

/** Both queues also list the jobs that ran out of attempts (for operators and tests). */
export interface InspectableJobQueue<T> extends JobQueue<T> {
  failed(): Promise<FailedJob<T>[]>;
}
