import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Db } from '@laundry/platform/db';
import { databaseFixtures, type DatabaseFixture } from '../support/databases.ts';
import { capturingLogger, silentLogger, uniqueName } from '../support/servers.ts';

describe.each(databaseFixtures.filter((variant) => !variant.unavailable))('Db on $name', ({ create }) => {
  let fixture: DatabaseFixture;
  let db: Db;
  let migrationsDir: string;

  beforeAll(async () => {
    fixture = create();
    db = await fixture.open(uniqueName('db'));
    migrationsDir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    // 002 alters the table 001 creates, so running them out of order would fail.
    await writeFile(path.join(migrationsDir, '001_create.sql'), 'CREATE TABLE item (id int PRIMARY KEY);');
    await writeFile(path.join(migrationsDir, '002_alter.sql'), 'ALTER TABLE item ADD COLUMN name text;');
  }, 120_000);

  afterAll(async () => {
    await fixture?.cleanup();
    if (migrationsDir) await rm(migrationsDir, { recursive: true, force: true });
  });

  it('when a query has parameters, then it returns typed rows', async () => {
    const rows = await db.query<{ a: number; b: string; n: string; c: number; at: Date }>(
      "SELECT $1::int AS a, $2::text AS b, 1.50::numeric AS n, count(*) AS c, '2024-01-02T03:04:05Z'::timestamptz AS at FROM (VALUES (1), (2)) v(x)",
      [7, 'seven'],
    );
    expect(rows).toEqual([{ a: 7, b: 'seven', n: '1.50', c: 2, at: new Date('2024-01-02T03:04:05Z') }]);
  });

  it('when a transaction body resolves, then its writes are committed', async () => {
    await db.exec('CREATE TABLE committed (v int)');
    const result = await db.tx(async (tx) => {
      await tx.query('INSERT INTO committed VALUES ($1)', [1]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await db.query('SELECT v FROM committed')).toEqual([{ v: 1 }]);
  });

  it('when a transaction body throws, then its writes are rolled back and the error surfaces', async () => {
    await db.exec('CREATE TABLE rolled_back (v int)');
    await expect(
      db.tx(async (tx) => {
        await tx.query('INSERT INTO rolled_back VALUES ($1)', [1]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('SELECT v FROM rolled_back')).toEqual([]);
  });

  it('when two schemas have a table of the same name, then each Db sees only its own', async () => {
    const other = await fixture.open(uniqueName('db_other'));
    await db.exec('CREATE TABLE same_name (owner text)');
    await other.exec('CREATE TABLE same_name (owner text)');
    await Promise.all([
      db.query("INSERT INTO same_name VALUES ('first')"),
      other.query("INSERT INTO same_name VALUES ('second')"),
    ]);
    const [mine, theirs] = await Promise.all([
      db.query('SELECT owner FROM same_name'),
      other.query('SELECT owner FROM same_name'),
    ]);
    expect(mine).toEqual([{ owner: 'first' }]);
    expect(theirs).toEqual([{ owner: 'second' }]);
  });

  it('when a geography query runs, then PostGIS answers', async () => {
    const [row] = await db.query<{ metres: number }>(
      'SELECT round(ST_Distance(ST_MakePoint(0, 0)::geography, ST_MakePoint(0, 1)::geography))::float8 AS metres',
    );
    expect(row?.metres).toBeCloseTo(110574, -2);
  });

  it('when migrations run twice, then each file is applied once, in name order, after the platform tables', async () => {
    const first = await migrate(db, migrationsDir, { logger: silentLogger });
    expect(first).toEqual([
      'platform/0001_outbox.sql',
      'platform/0002_processed_events.sql',
      'platform/0003_outbox_trace_context.sql',
      '001_create.sql',
      '002_alter.sql',
    ]);
    expect(await migrate(db, migrationsDir, { logger: silentLogger })).toEqual([]);
    await db.query("INSERT INTO item (id, name) VALUES (1, 'x')");
    const ledger = await db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY applied_at, name',
    );
    expect(ledger.map((row) => row.name)).toHaveLength(5);
  });

  it('when an applied migration file is edited, then it is not run again and a warning is logged', async () => {
    const schema = uniqueName('db_edit');
    const edited = await fixture.open(schema);
    await migrate(edited, migrationsDir, { logger: silentLogger });
    const file = path.join(migrationsDir, '001_create.sql');
    await writeFile(file, 'CREATE TABLE item (id int PRIMARY KEY); DROP TABLE no_such_table;');
    try {
      const { logger, records } = capturingLogger();
      expect(await migrate(edited, migrationsDir, { logger })).toEqual([]);
      expect(records.some((record) => record.level === 40 && record.msg.includes('edited'))).toBe(true);
    } finally {
      await writeFile(file, 'CREATE TABLE item (id int PRIMARY KEY);');
    }
  });

  it('when only a comment line of an applied migration is reworded, then nothing is logged or run again', async () => {
    const schema = uniqueName('db_comment');
    const reworded = await fixture.open(schema);
    await migrate(reworded, migrationsDir, { logger: silentLogger });
    const file = path.join(migrationsDir, '001_create.sql');
    await writeFile(file, '-- The items, in our own words.\nCREATE TABLE item (id int PRIMARY KEY);');
    try {
      const { logger, records } = capturingLogger();
      expect(await migrate(reworded, migrationsDir, { logger })).toEqual([]);
      expect(records.filter((record) => record.level >= 40)).toEqual([]);
    } finally {
      await writeFile(file, 'CREATE TABLE item (id int PRIMARY KEY);');
    }
  });

  it('when a database recorded a checksum listed as an earlier one, then the file counts as unedited', async () => {
    const schema = uniqueName('db_earlier');
    const older = await fixture.open(schema);
    await migrate(older, migrationsDir, { logger: silentLogger });
    await older.query(
      "UPDATE schema_migrations SET checksum = 'recorded-before' WHERE name = '001_create.sql'",
    );
    const listing = path.join(migrationsDir, 'earlier-checksums.json');
    await writeFile(listing, JSON.stringify({ '001_create.sql': ['recorded-before'] }));
    try {
      const { logger, records } = capturingLogger();
      expect(await migrate(older, migrationsDir, { logger })).toEqual([]);
      expect(records.filter((record) => record.level >= 40)).toEqual([]);
      const [row] = await older.query<{ checksum: string }>(
        "SELECT checksum FROM schema_migrations WHERE name = '001_create.sql'",
      );
      expect(row?.checksum).not.toBe('recorded-before');
    } finally {
      await rm(listing);
    }
  });

  it('when several processes migrate one schema at once, then every file is applied exactly once', async () => {
    const schema = uniqueName('db_race');
    const connections = await Promise.all([1, 2, 3].map(() => fixture.open(schema)));
    const results = await Promise.all(
      connections.map((connection) => migrate(connection, migrationsDir, { logger: silentLogger })),
    );
    expect(results.flat().sort()).toEqual([
      '001_create.sql',
      '002_alter.sql',
      'platform/0001_outbox.sql',
      'platform/0002_processed_events.sql',
      'platform/0003_outbox_trace_context.sql',
    ]);
  });
});
