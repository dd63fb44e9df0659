import { expect } from 'vitest';
import type { Database, Db } from '../db/client';
import type { SandboxedApp } from '../sandbox/testing';
import { flipSteps } from '../song-requests/flip/testing';
import { buildPaidSample } from '../testing/factories';
import { buildAdmin, buildUser } from '../testing/users';
import { allRows, publicTables, sequenceValues } from './queries';

/**
 * A database with something in every part (the backup tests): the demo catalogue through the sync,
 * accounts and their sessions, likes, an edit and an edit request, a paid flip in the queue with its
 * payment, a paid voice sample (bytes), the radio's stations and plays.
 */
export async function fillSite(t: SandboxedApp): Promise<void> {
  expect((await t.sync.run('backup test')).ok).toBe(true);
  const member = await buildUser(t.db, { login: 'backup_fan' });
  const admin = await buildAdmin(t.db, { login: 'backup_admin' });
  const mediaId = await firstMediaId(t);
  const inject = (method: 'POST' | 'GET', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  expect((await inject('POST', `/api/media/${mediaId}/like`, member.headers)).statusCode).toBe(200);
  expect((await inject('POST', `/api/media/${mediaId}`, member.headers, { lyrics: 'words from a fan' })).statusCode).toBe(202);
  expect((await inject('POST', `/api/media/${mediaId}`, admin.headers, { lyrics: 'words of an admin' })).statusCode).toBe(200);
  const flip = flipSteps(t);
  const sid = await flip.validate('Backup-Fan');
  const orderId = await flip.order(sid);
  t.state.paypal.approve(orderId, 'paid');
  expect((await flip.capture(sid, orderId)).statusCode).toBe(200);
  await t.state.paypal.webhooks.idle();
  await buildPaidSample(t.db, { audio: Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256)) });
  await t.radio.radio.skip('top');
  await t.radio.radio.skip('everything');
}

async function firstMediaId(t: SandboxedApp): Promise<number> {
  const page = (await t.app.inject({ url: '/api/media?size=1' })).json() as { content: { id: number }[] };
  return page.content[0]!.id;
}

/** Every table's rows (as JSON, sorted) and every sequence, to compare a restore with its source. */
export async function snapshot(db: Db): Promise<{ tables: Record<string, string[]>; sequences: unknown }> {
  const tables: Record<string, string[]> = {};
  for (const table of await publicTables(db)) tables[table] = await allRows(db, table);
  return { tables, sequences: await sequenceValues(db) };
}

/** Checks that `restored` holds what `source` holds, row for row, and that the source is not trivially empty. */
export async function expectSameData(source: Database, restored: Database) {
  const before = await snapshot(source.db);
  const after = await snapshot(restored.db);
  expect(Object.keys(after.tables)).toEqual(Object.keys(before.tables));
  for (const [table, rows] of Object.entries(before.tables)) expect(after.tables[table], table).toEqual(rows);
  expect(after.sequences).toEqual(before.sequences);
  const filled = ['media', 'users', 'sessions', 'likes', 'edit_requests', 'payments', 'flip_queue', 'sample_requests', 'radio_plays'];
  for (const table of filled) expect(before.tables[table]?.length, table).toBeGreaterThan(0);
}
