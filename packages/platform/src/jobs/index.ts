// Background jobs: the JobQueue interface and the in-memory queue of the embedded mode. BullMQ (Redis) is
// `@laundry/platform/jobs/bullmq`.
export type { FailedJob, InspectableJobQueue, JobOptions, JobQueue } from './job-queue.ts';
export { createMemoryQueue, type MemoryQueue, type MemoryQueueOptions } from './memory-queue.ts';
