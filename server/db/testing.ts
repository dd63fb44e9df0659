import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from './client';

/**
 * A fresh, migrated database for one test file. TEST_DB=postgres (set by the vitest project when
 * TEST_DATABASE_URL is present) gives a new PostgreSQL database that is dropped on close;
 * otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    const database = await openPglite('memory');
    await database.migrate();
    return database;
  }
  const name = `almanac_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 5);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
