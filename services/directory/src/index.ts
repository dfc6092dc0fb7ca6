export { directoryService } from './app.ts';
export { directoryConfigSchema, type DirectoryConfig } from './config.ts';
export { insertLaundromats, type NewLaundromatRow } from './infra/laundromat-bulk-insert.ts';
export { osmOpeningHoursToHours, type ConvertedHours } from './domain/osm-hours/weekly-hours.ts';
export { openingHoursProblem } from './domain/osm-hours/osm-hours.ts';
