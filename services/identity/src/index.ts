export { createIdentityService, SERVICE_NAME, type IdentityServiceOptions } from './app.ts';
export { identityConfigSchema, loadIdentityConfig, type IdentityConfig } from './config.ts';
