import { expect, ok, raw } from './check-tools';

/** A client address no other check writes from: its write budget is this check's alone. */
const FROM = '127.0.0.9';

/**
 * The instances count writes in one Redis (REDIS_URL): a client whose writes nginx spreads over both
 * instances gets `limit` (WRITE_RATE_LIMIT) writes through in total, not `limit` on each, then is
 * refused (429) by both. Counted in each instance's memory instead, the same client would get twice
 * as many through.
 */
export async function checkSharedLimits(lb: string, instances: string[], limit: number) {
  const answers: { status: number | undefined; upstream: string }[] = [];
  for (let i = 0; i < 2 * limit + 2; i++) {
    const json = { mediaUrl: 'https://www.youtube.com/watch?v=dEpLoY-0001', username: 'Shared-Limit-Check' };
    answers.push(await raw(lb, 'POST', '/api/requests/flip/validate', { from: FROM, json }));
  }
  const odd = answers.filter((a) => a.status !== 200 && a.status !== 429);
  expect(odd.length === 0, `writes from ${FROM} answered ${odd.map((a) => `${a.status} on ${a.upstream || 'nginx'}`).join(', ')}`);
  const through = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 429);
  const spread = (list: typeof answers) => instances.map((i) => `${i}: ${list.filter((a) => a.upstream === i).length}`).join(', ');
  expect(
    through.length === limit && answers.slice(0, limit).every((a) => a.status === 200),
    `${FROM} got ${through.length} of ${answers.length} writes through (${spread(through)}), not the first ${limit} in total`,
  );
  for (const [what, list] of [
    ['let through', through],
    ['refused', refused],
  ] as const) {
    const missing = instances.filter((i) => !list.some((a) => a.upstream === i));
    expect(missing.length === 0, `no write from ${FROM} was ${what} by ${missing.join(', ')} (${spread(list)})`);
  }
  ok(
    `the instances share one write budget in Redis: ${FROM}'s writes, spread over both, got ${limit} through in total (${spread(through)}), then were refused by both (${spread(refused)})`,
  );
}
