export { identityService } from './app.ts';
export { identityConfigSchema, type IdentityConfig } from './config.ts';
