// What a service gets from the outside world (database, bus, jobs, cache) in either runtime mode.
// The distributed mode's servers are `@laundry/platform/infra/distributed`.
export type { Infra } from './infra.ts';
export { createEmbeddedInfra, type EmbeddedInfra } from './embedded.ts';
export { infraFromConfig } from './from-config.ts';
