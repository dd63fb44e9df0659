import { streamUrlAt } from '../../common/format';
import type { Moment } from '../../common/receipt';
import type { Db } from '../db/client';
import { type RecordingRow, recordingsBetween } from './queries';

/**
 * Where a request played in a stream's recording (issue 20, "Watch the moment"). A request that began
 * playing while the streamer was live keeps the live stream's start; once the sync brings a recording
 * (a Twitch VOD, a YouTube VOD) that covers the moment it played, the moment is that many seconds into
 * it, the way a song's "Watch Stream" opens its stream. Of several recordings covering it (the same
 * stream on both providers), the one that began nearest the live start.
 */

export interface PlayedRow {
  id: number;
  playedAt: Date | null;
  liveStartedAt: Date | null;
}

/** How long before a live stream's start a recording may begin and still be that stream's (a pre-roll, clocks apart). */
const RECORDING_LEAD_MS = 30 * 60_000;

export async function momentsOf(db: Db, rows: readonly PlayedRow[]): Promise<Map<number, Moment>> {
  const live = rows.filter((row): row is { id: number; playedAt: Date; liveStartedAt: Date } => !!row.playedAt && !!row.liveStartedAt);
  const moments = new Map<number, Moment>();
  if (live.length === 0) return moments;
  const from = new Date(Math.min(...live.map((row) => row.liveStartedAt.getTime())) - RECORDING_LEAD_MS);
  const to = new Date(Math.max(...live.map((row) => row.playedAt.getTime())));
  const recordings = await recordingsBetween(db, from, to);
  for (const row of live) {
    const recording = coveringRecording(recordings, row);
    if (!recording) continue;
    const seconds = Math.floor((row.playedAt.getTime() - recording.uploadedAt.getTime()) / 1000);
    moments.set(row.id, { streamId: recording.id, seconds, url: streamUrlAt(recording, seconds) });
  }
  return moments;
}

export async function momentOf(db: Db, row: PlayedRow): Promise<Moment | undefined> {
  return (await momentsOf(db, [row])).get(row.id);
}

function coveringRecording(recordings: readonly RecordingRow[], row: { playedAt: Date; liveStartedAt: Date }): RecordingRow | undefined {
  const played = row.playedAt.getTime();
  const covering = recordings.filter((recording) => {
    const start = recording.uploadedAt.getTime();
    return start >= row.liveStartedAt.getTime() - RECORDING_LEAD_MS && start <= played && played < start + recording.duration * 1000;
  });
  const distance = (recording: RecordingRow) => Math.abs(recording.uploadedAt.getTime() - row.liveStartedAt.getTime());
  return covering.sort((a, b) => distance(a) - distance(b))[0];
}
