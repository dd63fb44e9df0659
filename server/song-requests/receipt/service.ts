import type { Receipt } from '../../../common/receipt';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { momentOf } from '../moment';
import { transitionsOf } from '../transitions';
import { etaSeconds, PACE_PLAYS, paceSeconds } from './eta';
import { presentReceipt, presentTimeline, type ReceiptExtras } from './present';
import { flipLine, liveSince, type ReceiptRow, type RequestKind, receiptRow, recentPlays, sampleLine } from './queries';

/**
 * The fan's receipt (issue 20): one paid request's state and timeline, its place and ETA while it
 * waits, and once played the moment in the stream's recording and the song it became.
 */

export interface ReceiptDeps {
  db: Db;
  now: () => Date;
  /** REQUEST_SLOT_MINUTES: the pace before any request has been played */
  slotMinutes: number;
}

export type ReceiptService = ReturnType<typeof createReceiptService>;

export function createReceiptService(deps: ReceiptDeps) {
  const { db } = deps;

  /** Seconds per request of a kind: the current live session's plays, else the latest plays, else the slot. */
  async function pace(kind: RequestKind): Promise<number> {
    const fallback = deps.slotMinutes * 60;
    const since = await liveSince(db);
    if (since) {
      const session = await recentPlays(db, kind, PACE_PLAYS + 1, since);
      if (session.length >= 2) return paceSeconds(session, fallback);
    }
    return paceSeconds(await recentPlays(db, kind, PACE_PLAYS + 1), fallback);
  }

  /** Where a waiting request stands: queued ones have a position; a held one waits behind every queued one. */
  async function place(row: ReceiptRow, kind: RequestKind): Promise<ReceiptExtras['place']> {
    if (row.state !== 'queued' && row.state !== 'held') return undefined;
    const line = kind === 'flip' ? await flipLine(db) : await sampleLine(db);
    const index = line.queued.indexOf(row.id);
    // A queued request not (yet) in the line is one the player or queue is taking now: next.
    const position = row.state === 'held' ? line.queued.length + 1 : index === -1 ? 1 : index + 1;
    const eta = etaSeconds({ now: deps.now(), pace: await pace(kind), place: position, playingSince: line.playingSince });
    return row.state === 'held' ? { etaSeconds: eta } : { position, etaSeconds: eta };
  }

  return {
    async receipt(id: number): Promise<Receipt> {
      const row = await receiptRow(db, id);
      if (!row) throw notFound(`Unknown request ${id}`);
      const kind: RequestKind = row.sampleRequestId === null ? 'flip' : 'sample';
      const [transitions, waiting, moment] = await Promise.all([transitionsOf(db, id), place(row, kind), momentOf(db, row)]);
      return presentReceipt(row, { timeline: presentTimeline(row, transitions), place: waiting, moment });
    },
  };
}
