// Data retention (docs/product.md, Data retention): the tasks a service applies its policies with, the run
// and its scheduled job.
export { anonymiseAddress } from './anonymise-address.ts';
export {
  declaredRetentionPolicies,
  declaredRetentionPolicySchema,
  platformRetentionDeclarations,
  retentionDeclarationSchema,
  servicePolicies,
  type DeclaredRetentionPolicy,
  type RetentionDeclaration,
} from './declarations.ts';
export {
  RETENTION_BATCH_SIZE,
  RETENTION_MAX_BATCHES,
  runRetention,
  type RetentionOutcome,
  type RetentionPolicySource,
  type RetentionRunDeps,
  type RetentionTask,
} from './retention-task.ts';
export { outboxRetention, platformRetentionTasks, processedEventsRetention } from './platform-tasks.ts';
export { retentionJob, retentionQueueName, type RetentionJobData } from './retention-job.ts';
