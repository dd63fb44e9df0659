import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite, ReadOnce } from './client';
import { emptyTemplate } from './empty-template';

const scratch = mkdtempSync(path.join(tmpdir(), 'almanac-empty-template-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SETTINGS = ['-c', 'shared_buffers=16MB'];

/** The migrations drizzle recorded as applied, read without applying any. */
async function appliedMigrations(dataDir: string, keptEmptyDatabase: boolean): Promise<number> {
  const database = await openPglite(dataDir, { keptEmptyDatabase });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'",
    );
    if (rows[0]!.n === 0) return 0;
    return (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]!.n;
  } finally {
    await database.close();
  }
}

describe('the files a database is opened from', () => {
  it('are read once, with their type and size, and then let go', async () => {
    const source = new Blob([new Uint8Array([1, 2, 3])], { type: 'application/x-gzip' });
    const once = new ReadOnce(source);
    // The type tells PGlite a gzipped tarball (a backup) from a plain one.
    expect([once.type, once.size]).toEqual(['application/x-gzip', 3]);
    expect([...new Uint8Array(await once.arrayBuffer())]).toEqual([1, 2, 3]);
    await expect(once.arrayBuffer()).rejects.toThrow('read already');
  });
});

// Each creates PGlite databases on disk (initdb): seconds each, far more on a busy machine.
describe('the kept empty database', { timeout: 180_000 }, () => {
  it('is kept once per set of migrations and loaded by the next empty directory', async () => {
    const cache = path.join(scratch, 'cache');
    expect(emptyTemplate(migrationsFolder, SETTINGS, cache).files).toBeUndefined();

    const database = await openPglite('memory');
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await emptyTemplate(migrationsFolder, SETTINGS, cache).save(() => client.dumpDataDir('none'));
    await database.close();
    expect(readdirSync(cache)).toEqual([expect.stringMatching(/^pglite-empty-[0-9a-f]{16}\.tar$/)]);
    expect(emptyTemplate(migrationsFolder, SETTINGS, cache).files).toBeInstanceOf(Blob);

    // Another migration (or other settings) is another database: not the kept one.
    const changed = path.join(scratch, 'migrations');
    cpSync(migrationsFolder, changed, { recursive: true });
    writeFileSync(path.join(changed, '9999_later.sql'), 'select 1;');
    expect(emptyTemplate(changed, SETTINGS, cache).files).toBeUndefined();
    expect(emptyTemplate(migrationsFolder, ['-c', 'shared_buffers=32MB'], cache).files).toBeUndefined();
  });

  it('makes an empty data directory of the server open already migrated, once a first one was migrated', async () => {
    const first = await openPglite(path.join(scratch, 'first'), { keptEmptyDatabase: true });
    await first.migrate();
    await first.close();
    const migrations = readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')).length;
    expect(await appliedMigrations(path.join(scratch, 'second'), true)).toBe(migrations);
    // Only when asked: a restore must find an empty directory empty.
    expect(await appliedMigrations(path.join(scratch, 'third'), false)).toBe(0);
  });

  it('never replaces a database a directory already holds', async () => {
    const dir = path.join(scratch, 'own');
    const own = await openPglite(dir);
    const client = (own.db as unknown as { $client: PGlite }).$client;
    await client.exec('create table mine (x int); insert into mine values (42)');
    await own.close();
    const again = await openPglite(dir);
    const rows = await (again.db as unknown as { $client: PGlite }).$client.query<{ x: number }>('select x from mine');
    await again.close();
    expect(rows.rows).toEqual([{ x: 42 }]);
  });
});
