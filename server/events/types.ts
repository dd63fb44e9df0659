import { z } from 'zod';
import { ENTITY_KINDS } from '../../common/enums';

/** Ids of catalogue items per kind (kinds absent: none of theirs) */
const catalogueIds = z.partialRecord(z.enum(ENTITY_KINDS), z.array(z.number().int()));

/**
 * Ids a catalogue.changed may carry: NOTIFY caps a payload at 8,000 bytes. Past it the change is
 * announced without them ("anything may have changed"): the other instances rebuild.
 */
export const ANNOUNCED_IDS_LIMIT = 500;

/** A catalogue.changed payload naming these ids, or none past ANNOUNCED_IDS_LIMIT (or when not known). */
export function catalogueChange(ids?: z.infer<typeof catalogueIds>): { ids?: z.infer<typeof catalogueIds> } {
  const count = ids ? Object.values(ids).reduce((sum, list) => sum + (list?.length ?? 0), 0) : 0;
  return ids && count <= ANNOUNCED_IDS_LIMIT ? { ids } : {};
}

/**
 * Every event that crosses instances, with its payload. Payloads carry ids and versions only: a
 * listener re-reads the database, so an event is a hint to look, never the data itself (NOTIFY caps
 * a payload at 8,000 bytes, and a notification lost during a reconnect must lose nothing).
 */
export const eventSchemas = {
  /**
   * Edits, approvals, syncs and imports changed what catalogue reads answer: drop cached answers.
   * `ids`, when the writer knows them, names every item changed (per kind; kinds absent did not
   * change): the search indexes patch those in. Without it anything may have changed: they rebuild.
   */
  'catalogue.changed': z.object({ ids: catalogueIds.optional() }),
  /** A user liked or unliked something: instances drop the liked ids they keep of that user (likes/liked-sets.ts). */
  'likes.changed': z.object({ userId: z.number().int() }),
  /** The flip queue changed; `version` increases with every change. */
  'queue.changed': z.object({ version: z.number().int() }),
  /** An admin turned a request feature on or off; `feature` names it (flip, recording). */
  'request.features': z.object({ feature: z.string() }),
  /** A radio station moved to a new track. */
  'radio.changed': z.object({ station: z.string(), version: z.number().int() }),
  /** Reactions or votes to skip were added to a station's play (`playId`): re-read its crowd (radio/crowd.ts). */
  'radio.crowd': z.object({ station: z.string(), playId: z.number().int() }),
  /** An instance's radio listener counts changed (a socket joined or left, a clean stop): re-read the sum. */
  'radio.listeners': z.object({}),
  /** A paid request's lifecycle state changed (song-requests/lifecycle) */
  'request.changed': z.object({ id: z.number().int(), state: z.string() }),
  /** A paid request was turned away at its capture (a limit): the instance that wrote it refunds it now */
  'request.refund': z.object({ id: z.number().int() }),
  /** A Discord post was written to the outbox: the instance that wrote it sends it now, not at the job's next run. */
  'notifications.queued': z.object({}),
  /** A sample request was paid for. */
  'sample.paid': z.object({ sampleRequestId: z.number().int() }),
  /** An admin replayed a paid sample; `replays` counts them (the sample's version). */
  'sample.replayed': z.object({ sampleRequestId: z.number().int(), replays: z.number().int() }),
  /** An admin asked the sample players to play a test sound; `id` names that request. */
  'sample.test': z.object({ id: z.string() }),
} as const;

export type EventName = keyof typeof eventSchemas;
export type EventPayload<E extends EventName> = z.infer<(typeof eventSchemas)[E]>;

export const EVENT_NAMES = Object.keys(eventSchemas) as EventName[];

/** One PostgreSQL channel carries every event; the envelope names it and the instance that sent it. */
export const EVENTS_CHANNEL = 'almanac_events';

export const envelopeSchema = z.object({
  /** The event's name */
  e: z.string(),
  /** Its payload */
  p: z.unknown(),
  /** The publishing instance */
  from: z.string(),
});

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7_999;
