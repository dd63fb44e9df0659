import type { SamplePlay, SamplePlays } from '../../../common/overlays';
import type { recentlyPlayedSamples } from './queries';

type PlayedRow = Awaited<ReturnType<typeof recentlyPlayedSamples>>[number];

/**
 * The sample player's plays, oldest first: each paid sample once when paid, and once more for its
 * latest replay. A play's key names the replay, so the player plays a replay it has not played yet.
 */
export function presentPlays(rows: PlayedRow[]): SamplePlays {
  const plays: SamplePlay[] = [];
  for (const row of rows) {
    const base = { sampleRequestId: row.id, username: row.username };
    if (row.paidAt) plays.push({ ...base, key: `${row.id}:0`, replay: 0, at: row.paidAt.toISOString() });
    if (row.replays > 0 && row.replayedAt) {
      plays.push({ ...base, key: `${row.id}:${row.replays}`, replay: row.replays, at: row.replayedAt.toISOString() });
    }
  }
  plays.sort((a, b) => a.at.localeCompare(b.at) || a.sampleRequestId - b.sampleRequestId);
  return { plays };
}
