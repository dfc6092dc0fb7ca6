export { availabilityService } from './app.ts';
export { availabilityConfigSchema, type AvailabilityConfig } from './config.ts';
