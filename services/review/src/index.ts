export { reviewService } from './app.ts';
export { reviewConfigSchema, type ReviewConfig } from './config.ts';
