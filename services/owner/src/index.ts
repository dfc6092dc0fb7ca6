export { ownerService } from './app.ts';
export { ownerConfigSchema, type OwnerConfig } from './config.ts';
