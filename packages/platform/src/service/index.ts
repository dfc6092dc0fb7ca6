// One service shape: defineService names a service's parts, createService assembles them, runService is
// its main.ts.
export {
  createService,
  defineService,
  on,
  runService,
  type BackgroundWork,
  type DefinedService,
  type ServiceConfig,
  type ServiceContext,
  type ServiceDefinition,
  type ServiceWiring,
  type Subscription,
} from './define-service.ts';
export { type PersonalDataDeclaration, type PersonalFile } from './personal-data.ts';
export { assembleService, type Service, type ServiceParts, type StartOptions } from './assemble-service.ts';
export { runSkeletonService } from './skeleton-service.ts';
