// A service's SQL connection, scoped to its schema, and its forward-only migrations. The two databases
// have subpaths of their own, so only the one in use is loaded: `@laundry/platform/db/postgres`
// (openPostgres) and `@laundry/platform/db/pglite` (openPglite, PostgreSQL with PostGIS in WebAssembly).
export type { Db } from './db.ts';
export { migrate } from './migrate.ts';
