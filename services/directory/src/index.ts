export { directoryService } from './app.ts';
export { directoryConfigSchema, type DirectoryConfig } from './config.ts';
export { insertLaundromats, type NewLaundromatRow } from './infra/laundromat-bulk-insert.ts';
