import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFreshOrExisting } from '../../src/db/pglite-template.ts';

// The copy lives in the system's temporary folder: this file gets one of its own (TMPDIR is read per call).
const systemTmp = tmpdir();
const ownTmp = mkdtempSync(path.join(systemTmp, 'pglite-template-test-'));
const templateFolder = path.join(ownTmp, 'laundry-pglite-template');
const copies = () => readdirSync(templateFolder).filter((name) => name.endsWith('.tar.gz'));
const logger = pino({ level: 'silent' });

describe('a fresh embedded database starts from a kept copy of an empty one', () => {
  beforeAll(() => {
    process.env.TMPDIR = ownTmp;
  });
  afterAll(() => {
    process.env.TMPDIR = systemTmp;
  });

  it("when none is kept or it is unreadable, then a cluster is made and a copy kept; from the copy a database has PostGIS and no one else's tables; a folder with a cluster opens as it is", async () => {
    const dataDir = mkdtempSync(path.join(ownTmp, 'data-'));
    mkdirSync(path.join(dataDir, 'photos'));
    writeFileSync(path.join(dataDir, 'photos', 'board.jpg'), 'a photo');

    // First: no copy of this install's versions yet, so one is made and kept.
    const first = await openFreshOrExisting(dataDir, logger);
    await first.exec('CREATE TABLE kept (name text); INSERT INTO kept VALUES ($$first$$)');
    await first.close();
    const kept = copies();
    expect(kept).toHaveLength(1);

    // A broken copy under this install's name is dropped and made again.
    writeFileSync(path.join(templateFolder, kept[0]!), 'not a tarball');
    const otherDir = mkdtempSync(path.join(ownTmp, 'data-'));
    mkdirSync(path.join(otherDir, 'photos'));
    writeFileSync(path.join(otherDir, 'photos', 'board.jpg'), 'another photo');
    const second = await openFreshOrExisting(otherDir, logger);
    expect((await second.query(`SELECT ST_AsText(ST_MakePoint(1, 2)) AS p`)).rows).toEqual([
      { p: 'POINT(1 2)' },
    ]);
    await second.close();
    expect(readFileSync(path.join(otherDir, 'photos', 'board.jpg'), 'utf8')).toBe('another photo');
    expect(readFileSync(path.join(templateFolder, kept[0]!)).length).toBeGreaterThan(1_000_000);

    // From the good copy: PostGIS is there and nothing another database wrote.
    const fromCopy = await openFreshOrExisting(undefined, logger);
    expect((await fromCopy.query(`SELECT PostGIS_Version() IS NOT NULL AS ok`)).rows).toEqual([{ ok: true }]);
    expect((await fromCopy.query(`SELECT to_regclass('kept') AS t`)).rows).toEqual([{ t: null }]);
    await fromCopy.close();

    // A folder that holds a cluster opens as it is, its data and its other files untouched.
    const reopened = await openFreshOrExisting(dataDir, logger);
    expect((await reopened.query(`SELECT name FROM kept`)).rows).toEqual([{ name: 'first' }]);
    await reopened.close();
    expect(readFileSync(path.join(dataDir, 'photos', 'board.jpg'), 'utf8')).toBe('a photo');
    // Two clusters made anew and two loaded: about 50 s of one core, more on a busy machine.
  }, 240_000);
});
