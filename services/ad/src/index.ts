export { adService } from './app.ts';
export { adConfigSchema, type AdConfig } from './config.ts';
