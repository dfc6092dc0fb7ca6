// Events written in the same transaction as the change that caused them, relayed to the bus once it commits.
export { createOutbox, type Outbox, type OutboxOptions } from './outbox.ts';
export { auditFailure, auditSuccess, type AuditChange, type AuditContext } from './audit.ts';
export { forgetPublishedEventsOf } from './forget-person.ts';
