import { beforeEach, describe, expect, it } from 'vitest';
import { liveSchema } from '../../common/api';
import { liveStatus } from '../db/schema';
import { createTestApp } from '../testing/app';

const t = await createTestApp();

async function live() {
  const res = await t.app.inject({ method: 'GET', url: '/api/live' });
  expect(res.statusCode).toBe(200);
  return liveSchema.strict().parse(res.json());
}

/** Stores a status as the poll does: checked now unless the test says otherwise. */
async function store(values: Omit<typeof liveStatus.$inferInsert, 'id'>) {
  await t.db.insert(liveStatus).values({ id: 1, checkedAt: new Date(), ...values });
}

// Each test starts from no stored status, so none leans on what an earlier one stored.
beforeEach(async () => {
  await t.db.delete(liveStatus);
});

describe('GET /api/live', () => {
  it('is not live before the first poll', async () => {
    expect(await live()).toEqual({ live: false, title: null, startedAt: null });
  });

  it('answers the stored live stream', async () => {
    const startedAt = new Date('2026-05-01T19:30:00.000Z');
    await store({ live: true, title: 'Sunday singing', startedAt, checkedAt: new Date() });
    expect(await live()).toEqual({ live: true, title: 'Sunday singing', startedAt: '2026-05-01T19:30:00.000Z' });
  });

  it('answers live without a start time when the poll had none', async () => {
    await store({ live: true, title: 'Mystery stream' });
    expect(await live()).toEqual({ live: true, title: 'Mystery stream', startedAt: null });
  });

  it('hides the last title and start once the stream is over', async () => {
    await store({ live: false, title: 'Sunday singing', startedAt: new Date('2026-05-01T19:30:00Z') });
    expect(await live()).toEqual({ live: false, title: null, startedAt: null });
  });
});
