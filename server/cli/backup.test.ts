import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmptyDatabase } from '../backup/queries';
import { backupFormat, restoreBackup, writeBackup } from '../backup/service';
import { expectSameData, fillSite } from '../backup/testing';
import { type Database, openDatabase, openPglite } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../db/testing';
import { backupCommand } from './backup';
import { CommandError } from './command';
import { restoreCommand } from './restore';
import { createCommandTestServer, useNoServer, useRunningServer } from './testing';

/**
 * Backups that restore, on the database the test runs on (PGlite, and PostgreSQL in the postgres
 * project): a site with something in every table is backed up while it runs, restored into a fresh
 * database, and compared table by table, row for row.
 */

const t = await createCommandTestServer();
const source = t.database as TestDatabase;
const dir = mkdtempSync(path.join(tmpdir(), 'almanac-backup-'));
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeAll(async () => {
  await fillSite(t);
}, 120_000);

/** A fresh data directory for an embedded database, with no database in it yet. */
const freshDataDir = () => mkdtempSync(path.join(dir, 'data-'));

async function openEmbedded(dataDir: string) {
  const database = await openPglite(dataDir);
  opened.push(database);
  return database;
}

/** The embedded database the logical backup was restored into (a database that holds something) */
let restoredDataDir = '';

const run = async (command: typeof backupCommand, args: string[], values: Record<string, string> = {}) => {
  const lines: string[] = [];
  await command.run(values, { info: (m) => lines.push(m) }, args);
  return lines;
};

describe('npm run cli -- backup, then restore', () => {
  it(`restores the native backup of ${source.kind} row for row`, async () => {
    const file = path.join(dir, `native-${source.kind}.backup`);
    const result = await writeBackup({ database: source, databaseUrl: source.url, file });
    if (source.kind === 'pglite') {
      expect(result).toMatchObject({ format: 'pglite' });
      const dataDir = freshDataDir();
      expect(await restoreBackup(file, { dataDir })).toEqual({ format: 'pglite' });
      await expectSameData(source, await openEmbedded(dataDir));
    } else {
      // pg_dump is on PATH where the postgres project runs (CI installs PostgreSQL with its tools).
      expect(result).toMatchObject({ format: 'pg_dump' });
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
      const target = await createTestDatabase({ migrate: false });
      opened.push(target);
      expect(await restoreBackup(file, { databaseUrl: target.url, dataDir: freshDataDir() })).toEqual({ format: 'pg_dump' });
      await expectSameData(source, target);
    }
  }, 120_000);

  it('restores the logical backup into an embedded database, whatever the source', async () => {
    const file = path.join(dir, 'logical.backup');
    const result = await writeBackup({ database: source, file, logical: true });
    expect(result.format).toBe('logical');
    expect(result.summary!.rows).toBeGreaterThan(100);
    expect(await backupFormat(file)).toBe('logical');
    const dataDir = freshDataDir();
    expect(await restoreBackup(file, { dataDir })).toEqual({ format: 'logical', summary: result.summary });
    const restored = await openEmbedded(dataDir);
    await expectSameData(source, restored);
    await restored.close();
    opened.splice(opened.indexOf(restored), 1);
    restoredDataDir = dataDir;
  }, 120_000);

  it('writes the logical format when pg_dump is not installed', async () => {
    const target = await createTestDatabase({ migrate: false });
    opened.push(target);
    const path0 = process.env.PATH;
    process.env.PATH = dir; // nothing named pg_dump here
    try {
      const file = path.join(dir, 'no-pg-dump.backup');
      const result = await writeBackup({ database: source, databaseUrl: source.url ?? 'postgres://unused', file });
      // PGlite copies its data directory and needs no tool; PostgreSQL without pg_dump falls back.
      expect(result.format).toBe(source.kind === 'pglite' ? 'pglite' : 'logical');
      if (source.kind === 'postgres') {
        expect(result.note).toMatch(/^pg_dump is not installed here/);
        await restoreBackup(file, { databaseUrl: target.url, dataDir: freshDataDir() });
        await expectSameData(source, target);
      }
    } finally {
      process.env.PATH = path0;
    }
  }, 120_000);

  it('asks the running server for the backup, and restores it with the command', async () => {
    useRunningServer(t);
    const file = path.join(dir, 'through-server.backup');
    const lines = await run(backupCommand, [file], { format: 'logical' });
    expect(lines[0]).toBe(`Asked the server at ${t.origin}, which holds the embedded database`);
    expect(lines[1]).toMatch(new RegExp(`^Wrote ${file}: logical backup of the embedded database in .*, [\\d.]+ (KB|MB), in `));
    const dataDir = freshDataDir();
    await useNoServer(dataDir);
    const restored = await run(restoreCommand, [file]);
    expect(restored[0]).toMatch(
      new RegExp(`^Restored the logical backup ${file} into the embedded database in ${dataDir} \\(\\d+ rows of \\d+ tables\\) in `),
    );
    await expectSameData(source, await openEmbedded(dataDir));
    // A backup never overwrites a file.
    useRunningServer(t);
    await expect(run(backupCommand, [file])).rejects.toThrow(`${file} exists already`);
  }, 120_000);

  it('refuses to restore into a database that holds anything, saying what to do instead', async () => {
    const file = path.join(dir, 'logical.backup');
    await useNoServer(restoredDataDir);
    const error = await run(restoreCommand, [file]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandError);
    expect((error as Error).message).toMatch(
      /^The embedded database in .*pglite is not empty \(\d+ tables, e\.g\. \w+\)\. A restore goes into an empty database.*: stop the server and move it aside \(mv .*\)/,
    );
    if (source.url) {
      await expect(restoreBackup(file, { databaseUrl: source.url, dataDir: restoredDataDir })).rejects.toThrow(
        /^The PostgreSQL database is not empty \(\d+ tables, e\.g\. \w+\)/,
      );
    }
  }, 120_000);

  it('refuses a backup cut short, leaving the database empty', async () => {
    const whole = readFileSync(path.join(dir, 'logical.backup'));
    const cut = path.join(dir, 'cut.backup');
    // A gzip stream cut in its middle: the lines read up to there are whole, the last one is missing.
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const dataDir = freshDataDir();
    await expect(restoreBackup(cut, { dataDir })).rejects.toThrow();
    const database = await openDatabase({ dataDir });
    opened.push(database);
    expect((await isEmptyDatabase(database.db)).empty).toBe(true);
  }, 120_000);
});
