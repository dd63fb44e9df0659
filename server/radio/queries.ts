import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Reaction, Station } from '../../common/radio';
import { columnsOf, type Row } from '../catalogue/queries';
import type { Db } from '../db/client';
import { media, radioListeners, radioPlays, radioStations, radioVotes } from '../db/schema';
import type { Tx } from '../payments';

/**
 * All SQL of the radio. A station's row is its mutex: every advance takes its lock first
 * (`lockStation`), so two instances (or a skip and a track's end) move a station one at a time, the
 * second seeing what the first did.
 */

type Executor = Db | Tx;

export interface StationState {
  version: number;
  playId: number | null;
  /** The current song (null when the station plays nothing yet) */
  mediaId: number | null;
  endsAt: Date | null;
  /** When the current play started: unique per play, so a skip can name the track it means */
  startedAt: Date | null;
  cycle: number;
}

/** What plays: the song as the catalogue reads it and when it started. */
export interface PlayingRow {
  version: number;
  playId: number;
  endsAt: Date;
  startedAt: Date;
  song: Row<'media'>;
}

export interface PlayedRow {
  startedAt: Date;
  song: Row<'media'>;
  reactions: Partial<Record<string, number>>;
}

/** Where a station draws from: `top` the all-time top list's first `topSize` songs, `everything` every song. */
export interface Pool {
  station: Station;
  topSize: number;
}

const stateColumns = {
  version: radioStations.version,
  playId: radioStations.playId,
  mediaId: radioPlays.mediaId,
  endsAt: radioStations.endsAt,
  startedAt: radioPlays.startedAt,
  cycle: radioStations.cycle,
};

/** The station's state without a lock (null before its first track). */
export async function stationState(db: Executor, station: Station): Promise<StationState | null> {
  const [row] = await db
    .select(stateColumns)
    .from(radioStations)
    .leftJoin(radioPlays, eq(radioPlays.id, radioStations.playId))
    .where(eq(radioStations.station, station));
  return row ?? null;
}

/** Takes the station's lock for this transaction (creating its row on first use); answers its state. */
export async function lockStation(tx: Tx, station: Station): Promise<StationState> {
  await tx
    .insert(radioStations)
    .values({ station })
    // A no-op update: it exists for the row lock it takes, which a plain read would not.
    .onConflictDoUpdate({ target: radioStations.station, set: { version: sql`${radioStations.version}` } });
  return (await stationState(tx, station))!;
}

/**
 * The pool's songs the radio can play: available (the catalogue's lists show it), embeddable, and
 * with a duration. `top` keeps the order and size of /api/media/top?period=all_time (views, then
 * newest id) and drops the unplayable ones from it rather than reaching further down the list.
 */
function playable(pool: Pool) {
  const base = eq(media.unavailable, false);
  if (pool.station === 'everything')
    return sql`(SELECT ${media.id}, ${media.duration} FROM ${media} WHERE ${base} AND ${media.embeddable} AND ${media.duration} > 0)`;
  return sql`(SELECT id, duration FROM (
      SELECT ${media.id}, ${media.duration}, ${media.embeddable} FROM ${media} WHERE ${base}
      ORDER BY ${media.views} DESC, ${media.id} DESC LIMIT ${pool.topSize}
    ) top WHERE embeddable AND duration > 0)`;
}

/**
 * A random playable song of the pool not played yet in `cycle`, never `exclude` (what plays now);
 * null when the cycle has used the pool up. Picking at random among the rest is a shuffle drawn one
 * song at a time, so a cycle plays every song once whatever the pool does meanwhile.
 */
export async function pickUnplayed(
  tx: Tx,
  pool: Pool,
  cycle: number,
  exclude: number | null,
): Promise<{ id: number; duration: number } | null> {
  const result = await tx.execute(sql`
    SELECT song.id, song.duration FROM ${playable(pool)} song
    WHERE song.id <> ${exclude ?? 0}
      AND NOT EXISTS (
        SELECT 1 FROM ${radioPlays}
        WHERE ${radioPlays.station} = ${pool.station} AND ${radioPlays.cycle} = ${cycle} AND ${radioPlays.mediaId} = song.id
      )
    ORDER BY random() LIMIT 1`);
  return firstSong(result);
}

/** The song `id` if it is still in the pool and playable (a pool of one song plays it again). */
export async function playableSong(tx: Tx, pool: Pool, id: number): Promise<{ id: number; duration: number } | null> {
  return firstSong(await tx.execute(sql`SELECT song.id, song.duration FROM ${playable(pool)} song WHERE song.id = ${id}`));
}

/** Both drivers answer raw SQL with `rows`. */
function firstSong(result: unknown): { id: number; duration: number } | null {
  const row = (result as { rows: { id: number | string; duration: number | string }[] }).rows[0];
  return row ? { id: Number(row.id), duration: Number(row.duration) } : null;
}

/** Starts `song` on the station (under its lock): a play row, the station pointing at it, a new version. */
export async function startPlay(
  tx: Tx,
  station: Station,
  song: { id: number; duration: number },
  cycle: number,
  at: Date,
): Promise<number> {
  const [play] = await tx.insert(radioPlays).values({ station, cycle, mediaId: song.id, startedAt: at }).returning({ id: radioPlays.id });
  const [row] = await tx
    .update(radioStations)
    .set({
      playId: play!.id,
      endsAt: new Date(at.getTime() + song.duration * 1000),
      cycle,
      version: sql`${radioStations.version} + 1`,
      updatedAt: at,
    })
    .where(eq(radioStations.station, station))
    .returning({ version: radioStations.version });
  return row!.version;
}

/** The station plays nothing (its pool has no playable song left); answers the new version. */
export async function stopPlaying(tx: Tx, station: Station, at: Date): Promise<number> {
  const [row] = await tx
    .update(radioStations)
    .set({ playId: null, endsAt: null, version: sql`${radioStations.version} + 1`, updatedAt: at })
    .where(eq(radioStations.station, station))
    .returning({ version: radioStations.version });
  return row!.version;
}

/** What the station plays now, with the song's catalogue row; null when nothing. */
export async function readPlaying(db: Executor, station: Station): Promise<PlayingRow | null> {
  const [row] = await db
    .select({
      version: radioStations.version,
      playId: radioPlays.id,
      endsAt: radioStations.endsAt,
      startedAt: radioPlays.startedAt,
      song: columnsOf(media),
    })
    .from(radioStations)
    .innerJoin(radioPlays, eq(radioPlays.id, radioStations.playId))
    .innerJoin(media, eq(media.id, radioPlays.mediaId))
    .where(eq(radioStations.station, station));
  return row ? ({ ...row, endsAt: row.endsAt! } as PlayingRow) : null;
}

/** The `limit` plays before the current one, newest first. */
export async function readHistory(db: Executor, station: Station, limit: number): Promise<PlayedRow[]> {
  const current = sql`coalesce((SELECT ${radioStations.playId} FROM ${radioStations} WHERE ${radioStations.station} = ${station}), 2147483647)`;
  const rows = await db
    .select({ startedAt: radioPlays.startedAt, reactions: radioPlays.reactions, song: columnsOf(media) })
    .from(radioPlays)
    .innerJoin(media, eq(media.id, radioPlays.mediaId))
    .where(and(eq(radioPlays.station, station), lt(radioPlays.id, current)))
    .orderBy(desc(radioPlays.id))
    .limit(limit);
  return rows as PlayedRow[];
}

/** Every play of a station in order (tests read what a station played). */
export function readPlays(db: Executor, station: Station): Promise<{ mediaId: number; cycle: number }[]> {
  return db
    .select({ mediaId: radioPlays.mediaId, cycle: radioPlays.cycle })
    .from(radioPlays)
    .where(eq(radioPlays.station, station))
    .orderBy(radioPlays.id);
}

/** This instance's sockets of a station, and the logged-in users among them (each once). */
export interface StationListeners {
  count: number;
  userIds: number[];
}

/**
 * This instance's listener counts, stamped with the database's clock: one clock for every
 * instance, whatever their own say.
 */
export async function writeListeners(db: Executor, instance: string, listeners: Record<Station, StationListeners>): Promise<void> {
  // seen_at: the column's default now() on insert, now() again on update.
  const rows = Object.entries(listeners).map(([station, { count, userIds }]) => ({ instance, station, count, userIds }));
  await db
    .insert(radioListeners)
    .values(rows)
    .onConflictDoUpdate({
      target: [radioListeners.instance, radioListeners.station],
      set: { count: sql`excluded.count`, userIds: sql`excluded.user_ids`, seenAt: sql`now()` },
    });
}

/** Listeners per station over the instances seen within `freshSeconds`; older rows (dead instances) go. */
export async function countListeners(db: Db, freshSeconds: number): Promise<Map<string, number>> {
  const fresh = sql`${radioListeners.seenAt} > now() - make_interval(secs => ${freshSeconds})`;
  const rows = await db
    .select({ station: radioListeners.station, count: sql<number>`sum(${radioListeners.count})::int` })
    .from(radioListeners)
    .where(fresh)
    .groupBy(radioListeners.station);
  return new Map(rows.map((row) => [row.station, Number(row.count)]));
}

/** Rows of instances not seen for a long time: an instance that died never deletes its own. */
export async function forgetStaleListeners(db: Db, olderThanSeconds: number): Promise<void> {
  await db.delete(radioListeners).where(sql`${radioListeners.seenAt} < now() - make_interval(secs => ${olderThanSeconds})`);
}

export async function deleteListeners(db: Executor, instance: string): Promise<void> {
  await db.delete(radioListeners).where(eq(radioListeners.instance, instance));
}

/** Adds `counts` to the play's reactions in one update (concurrent adds of other instances wait for the row, never lost). */
export async function addReactions(db: Executor, playId: number, counts: Partial<Record<Reaction, number>>): Promise<void> {
  const added = Object.entries(counts).filter(([, n]) => (n ?? 0) > 0);
  if (added.length === 0) return;
  const sums = sql.join(
    added.map(
      ([reaction, n]) =>
        sql`jsonb_build_object(${reaction}::text, coalesce((${radioPlays.reactions} ->> ${reaction}::text)::int, 0) + ${n}::int)`,
    ),
    sql` || `,
  );
  await db
    .update(radioPlays)
    .set({ reactions: sql`${radioPlays.reactions} || ${sums}` })
    .where(eq(radioPlays.id, playId));
}

/**
 * `userId`'s vote to skip the station's play that started at `startedAt`, if it is still the one
 * playing and the user has not voted for it yet; answers the play's id when the vote counted.
 */
export async function castVote(db: Executor, station: Station, startedAt: Date, userId: number): Promise<number | null> {
  const result = await db.execute(sql`
    INSERT INTO ${radioVotes} (play_id, user_id)
    SELECT p.id, ${userId}::int FROM ${radioStations} s JOIN ${radioPlays} p ON p.id = s.play_id
    WHERE s.station = ${station} AND p.started_at = ${startedAt.toISOString()}::timestamptz
    ON CONFLICT DO NOTHING
    RETURNING play_id`);
  const row = (result as { rows: { play_id: number }[] }).rows[0];
  return row ? Number(row.play_id) : null;
}

/** The crowd of what a station plays: its reactions, and the votes to skip of the logged-in listeners here now. */
export interface CrowdRow {
  playId: number;
  startedAt: Date;
  reactions: Partial<Record<string, number>>;
  /** Logged-in users listening to the station now, on any instance seen within `freshSeconds` */
  voters: number;
  /** Votes for the play by those users (a voter who left no longer counts) */
  votes: number;
}

export async function readCrowd(db: Db, station: Station, freshSeconds: number): Promise<CrowdRow | null> {
  const result = await db.execute(sql`
    WITH here AS (
      SELECT DISTINCT unnest(${radioListeners.userIds}) AS user_id FROM ${radioListeners}
      WHERE ${radioListeners.station} = ${station} AND ${radioListeners.seenAt} > now() - make_interval(secs => ${freshSeconds})
    )
    SELECT p.id, p.started_at, p.reactions,
      (SELECT count(*) FROM here)::int AS voters,
      (SELECT count(*) FROM ${radioVotes} v JOIN here ON here.user_id = v.user_id WHERE v.play_id = p.id)::int AS votes
    FROM ${radioStations} s JOIN ${radioPlays} p ON p.id = s.play_id
    WHERE s.station = ${station}`);
  const row = (result as { rows: { id: number; started_at: Date | string; reactions: unknown; voters: number; votes: number }[] }).rows[0];
  if (!row) return null;
  const reactions = typeof row.reactions === 'string' ? JSON.parse(row.reactions) : row.reactions;
  return {
    playId: Number(row.id),
    startedAt: new Date(row.started_at),
    reactions: reactions as Partial<Record<string, number>>,
    voters: Number(row.voters),
    votes: Number(row.votes),
  };
}
