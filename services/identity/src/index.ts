export { createIdentityService, SERVICE_NAME, type IdentityServiceOptions } from './app.ts';
export {
  identityConfigSchema,
  loadIdentityConfig,
  DEV_SESSION_SECRET,
  type IdentityConfig,
} from './config.ts';
