import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Columns every catalogue item has: identity at the provider, display, ranking and sync state. */
const catalogueItem = {
  id: serial('id').primaryKey(),
  remoteId: text('remote_id').notNull(),
  provider: text('provider').notNull(),
  source: text('source').notNull(),
  name: text('name').notNull(),
  thumbnail: text('thumbnail'),
  linkUrl: text('link_url').notNull(),
  /** Tag ids; kept as an array so "any of these tags" is one GIN-indexed `&&`. */
  tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
  /** Gone at the provider (deleted or private): kept for likes, edits and links, hidden from lists. */
  unavailable: boolean('unavailable').notNull().default(false),
  /**
   * The provider listing that brings this item (a channel's uploads, a Twitch archive ...). Only a
   * complete run of that listing may mark the item unavailable; null for items no listing owns
   * (seeded, imported community playlists).
   */
  syncScope: text('sync_scope'),
  /** Provider URL the local `thumbnail` file was made from; a new URL means fetch it again. */
  thumbnailSource: text('thumbnail_source'),
  ...timestamps,
};

/*
 * Sorted indexes are `DESC NULLS FIRST`, which is what `ORDER BY x DESC` (drizzle's `desc(x)`) means in
 * PostgreSQL; a `DESC NULLS LAST` index cannot serve that order, and every latest/top list became a
 * full scan and sort (see migration 0003).
 */

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const streams = pgTable(
  'streams',
  {
    ...catalogueItem,
    duration: integer('duration').notNull().default(0),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    uniqueIndex('streams_provider_remote_uq').on(t.provider, t.remoteId),
    index('streams_uploaded_idx').on(t.uploadedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('streams_views_idx').on(t.views.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('streams_tags_idx').using('gin', t.tagIds),
  ],
);

export const media = pgTable(
  'media',
  {
    ...catalogueItem,
    duration: integer('duration').notNull().default(0),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
    views: integer('views').notNull().default(0),
    streamId: integer('stream_id').references((): AnyPgColumn => streams.id, { onDelete: 'set null' }),
    streamTimestamp: integer('stream_timestamp'),
    lyrics: text('lyrics'),
    /**
     * The provider lets other sites play it (YouTube's status.embeddable, SoundCloud's embeddable_by
     * 'all'); the radio plays only these, since it plays through the providers' embedded players.
     */
    embeddable: boolean('embeddable').notNull().default(true),
  },
  (t) => [
    uniqueIndex('media_provider_remote_uq').on(t.provider, t.remoteId),
    index('media_uploaded_idx').on(t.uploadedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('media_views_idx').on(t.views.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('media_stream_idx').on(t.streamId),
    index('media_tags_idx').using('gin', t.tagIds),
    // The radio's `everything` pool (radio/queries.ts playable): its draw reads this index alone
    // (an index-only scan) instead of every row of the table.
    index('media_radio_playable_idx').on(t.id, t.duration).where(sql`${t.unavailable} = false AND ${t.embeddable} AND ${t.duration} > 0`),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    ...catalogueItem,
    type: text('type').notNull(),
    streamId: integer('stream_id').references(() => streams.id, { onDelete: 'set null' }),
    mediaCount: integer('media_count').notNull().default(0),
    lastUpdated: timestamp('last_updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    uniqueIndex('playlists_provider_remote_uq').on(t.provider, t.remoteId),
    index('playlists_type_updated_idx').on(t.type, t.lastUpdated.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('playlists_updated_idx').on(t.lastUpdated.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('playlists_stream_idx').on(t.streamId),
    index('playlists_tags_idx').using('gin', t.tagIds),
  ],
);

/** Ordered songs of a playlist. */
export const playlistItems = pgTable(
  'playlist_items',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.position] }), index('playlist_items_media_idx').on(t.mediaId)],
);

export const clips = pgTable(
  'clips',
  {
    ...catalogueItem,
    duration: integer('duration').notNull().default(0),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
    views: integer('views').notNull().default(0),
    creatorName: text('creator_name').notNull(),
    streamId: integer('stream_id').references(() => streams.id, { onDelete: 'set null' }),
    streamTimestamp: integer('stream_timestamp'),
  },
  (t) => [
    uniqueIndex('clips_provider_remote_uq').on(t.provider, t.remoteId),
    index('clips_uploaded_idx').on(t.uploadedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('clips_views_idx').on(t.views.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('clips_stream_idx').on(t.streamId),
    index('clips_creator_idx').on(sql`lower(${t.creatorName})`),
    index('clips_tags_idx').using('gin', t.tagIds),
  ],
);

/** Song of the Day: one row per UTC day, so everyone sees the same song and restarts keep it. */
export const dailySongs = pgTable('daily_songs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  mediaId: integer('media_id')
    .notNull()
    .references(() => media.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Live indicator as last seen by the background poll; `/api/live` reads only this row. */
export const liveStatus = pgTable('live_status', {
  id: integer('id').primaryKey().default(1),
  live: boolean('live').notNull().default(false),
  title: text('title'),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
  checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
});

/** Last run of each periodic job (sync, live check ...), shared by every instance through the database. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  ok: boolean('ok'),
  /** What the run did (for the sync: added, updated and marked per section) */
  report: jsonb('report'),
  error: text('error'),
});

/*
 * Accounts and community (issue 5): Twitch users, sessions, likes, edit requests and playlist
 * requests. Catalogue items are never deleted (only flagged unavailable), so likes and requests
 * name an item by kind and id without a foreign key.
 */

/**
 * A Twitch account that logged in, or one granted admin before its first login (last_login_at null).
 * Matched by twitch_id, never by login: logins change hands. Rows with twitch_id null are grants
 * made by login before admins were kept by id; nothing takes them up any more.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    twitchId: text('twitch_id').unique(),
    login: text('login').notNull(),
    displayName: text('display_name').notNull(),
    /** Granted by `npm run cli -- grant-admin`; ADMIN_LOGINS makes admins as well, without storing it */
    admin: boolean('admin').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('users_login_idx').on(sql`lower(${t.login})`)],
);

/** A login session: only the SHA-256 of the cookie's random token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** One row per user and liked item; `kind` is media, streams, playlists or clips. */
export const likes = pgTable(
  'likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.itemId] }),
    index('likes_user_recent_idx').on(t.userId, t.kind, t.createdAt.desc().nullsFirst(), t.itemId.desc().nullsFirst()),
  ],
);

/**
 * A proposed change to a catalogue item: `changes` holds only the fields that differ from the item
 * when proposed. Pending until an admin approves (applied) or rejects it; the decision is kept.
 */
export const editRequests = pgTable(
  'edit_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    entityId: integer('entity_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changes: jsonb('changes').notNull(),
    /** pending, importing (an admin's approval runs the import), approved or rejected */
    status: text('status').notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('edit_requests_queue_idx').on(t.kind, t.status, t.id)],
);

/**
 * A request to import a YouTube playlist: a refresh of a catalogued playlist (`playlist_id`), or a
 * community submission (`playlist_id` null). Approval runs the playlist import and keeps its report.
 */
export const playlistRequests = pgTable(
  'playlist_requests',
  {
    id: serial('id').primaryKey(),
    playlistId: integer('playlist_id').references(() => playlists.id, { onDelete: 'cascade' }),
    remoteId: text('remote_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending, importing (an admin's approval runs the import), approved or rejected */
    status: text('status').notNull().default('pending'),
    /** The import report of an approved request */
    result: jsonb('result'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('playlist_requests_queue_idx').on(t.status, t.id),
    // One open request per target: one refresh per playlist, one submission per YouTube playlist.
    uniqueIndex('playlist_requests_open_refresh_idx')
      .on(t.playlistId)
      .where(sql`${t.status} IN ('pending', 'importing') AND ${t.playlistId} IS NOT NULL`),
    uniqueIndex('playlist_requests_open_submission_idx')
      .on(t.remoteId)
      .where(sql`${t.status} IN ('pending', 'importing') AND ${t.playlistId} IS NULL`),
  ],
);

/**
 * The song request history (spec 3 "Song request"): every paid flip request and every sample request
 * played during a song, newest first. `media_id` links the song that came of it once there is one
 * (set by an admin); `sample_request_id` the recorded sample a request carried.
 */
export const songRequests = pgTable(
  'song_requests',
  {
    id: serial('id').primaryKey(),
    /** The requested video at the video provider */
    videoId: text('video_id').notNull(),
    title: text('title').notNull(),
    /** Who asked: a nickname or the logged-in user's name */
    username: text('username').notNull(),
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    sampleRequestId: integer('sample_request_id'),
    /** The paid flip request this row records (null for rows from before paid flips); one row per flip at most */
    flipRequestId: integer('flip_request_id').references((): AnyPgColumn => flipRequests.id),
    /**
     * Where the request stands (common/request-states.ts): held (paid, waiting for an admin), queued,
     * playing, played; or rejected (an admin said no, the refund under way), refunded, refund_failed
     */
    state: text('state').notNull().default('played'),
    /** An admin's reason for a rejection, and whether the fan's receipt may show it */
    rejectReason: text('reject_reason'),
    rejectReasonPublic: boolean('reject_reason_public').notNull().default(false),
    /** PayPal's answer to the last refund that failed (shown to admins while refund_failed) */
    refundError: text('refund_error'),
    /** When it first played (flip: began playing; sample: the player played it): the receipt's pace and moment */
    playedAt: timestamp('played_at', { withTimezone: true, mode: 'date' }),
    /** The live stream's start (the live indicator's startedAt) when it played while live; null when offline */
    liveStartedAt: timestamp('live_started_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('song_requests_played_idx').on(t.playedAt.desc()).where(sql`played_at IS NOT NULL`),
    index('song_requests_open_idx').on(t.state).where(sql`state IN ('held', 'queued', 'playing', 'rejected', 'refund_failed')`),
    index('song_requests_recent_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('song_requests_media_idx').on(t.mediaId),
    index('song_requests_video_idx').on(t.videoId),
    uniqueIndex('song_requests_flip_request_idx').on(t.flipRequestId),
    uniqueIndex('song_requests_sample_request_idx').on(t.sampleRequestId),
  ],
);

/**
 * The audit trail of a song request's lifecycle: one row per change of state, with who made it
 * (an admin's user id; or null for the buyer's payment, PayPal or the server) and when. Never
 * changed or deleted; the receipt's timeline reads it.
 */
export const songRequestTransitions = pgTable(
  'song_request_transitions',
  {
    id: serial('id').primaryKey(),
    songRequestId: integer('song_request_id')
      .notNull()
      .references(() => songRequests.id),
    /** Null for the first state (the payment made it) */
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    /** admin, buyer (the payment), paypal (a webhook or its dashboard), system (a limit, a job) */
    actor: text('actor').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A rejection's reason, a refund's failure, what a limit said */
    note: text('note'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('song_request_transitions_request_idx').on(t.songRequestId, t.id)],
);

/**
 * Posts to the streamer's Discord channel waiting to be sent (DISCORD_WEBHOOK_URL): written in the
 * transaction that made the news, sent by a job with retries, so a failing webhook never holds up a
 * payment and a crash loses no post. One post per request and event.
 */
export const discordOutbox = pgTable(
  'discord_outbox',
  {
    id: serial('id').primaryKey(),
    songRequestId: integer('song_request_id').references(() => songRequests.id),
    /** What happened: paid (queued at once) or held (waiting for approval) */
    event: text('event').notNull(),
    /** The message body as Discord takes it (content, embeds, allowed_mentions) */
    body: jsonb('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Given up after too many attempts or a permanent refusal (a deleted webhook) */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('discord_outbox_request_event_idx').on(t.songRequestId, t.event),
    index('discord_outbox_due_idx').on(t.nextAttemptAt).where(sql`sent_at IS NULL AND failed_at IS NULL`),
  ],
);

/**
 * Request features an admin turns on and off (spec 4 "Request features": flip, recording). No row:
 * the configured default (on in demo mode, off in production).
 */
export const requestFeatures = pgTable('request_features', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * YouTube videos and channels no flip may request (issue 19's blocklist): VERIFY refuses them before
 * anyone pays. One row per kind and value; admins add and remove them.
 */
export const requestBlocklist = pgTable(
  'request_blocklist',
  {
    id: serial('id').primaryKey(),
    /** 'video' (a video id) or 'channel' (a channel id, UC…) */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('request_blocklist_kind_value_idx').on(t.kind, t.value)],
);

/**
 * A validated flip request (spec 3 "Validated flip request"), named to the browser by `sid`, an
 * unguessable token. Its payment is in `payments` (kind flip); once paid it is queued and in the
 * history. Never deleted: a payment may point at it long after it expired.
 */
export const flipRequests = pgTable(
  'flip_requests',
  {
    id: serial('id').primaryKey(),
    sid: text('sid').notNull(),
    videoId: text('video_id').notNull(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    /** The nickname, or the logged-in user's display name */
    username: text('username').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The client's address at VERIFY: with the nickname, who a logged-out buyer is (REQUEST_LIMIT_PER_BUYER) */
    clientAddress: text('client_address'),
    /** The price when validated, in cents, and its currency: what the order must be captured for */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** No new order after this; an order made before may still be captured */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('flip_requests_sid_idx').on(t.sid)],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Sample requests (spec 2 "New Sample Request"): a recording measured by the server, named by an
 * unguessable sid until paid. The audio is kept in the row, so every instance can serve it; an
 * unpaid one is deleted some time after it expired (sample/queries.ts).
 */
export const sampleRequests = pgTable(
  'sample_requests',
  {
    id: serial('id').primaryKey(),
    sid: text('sid').notNull(),
    /** The nickname, or the logged-in user's display name */
    username: text('username').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The client's address at VERIFY: with the nickname, who a logged-out buyer is (REQUEST_LIMIT_PER_BUYER) */
    clientAddress: text('client_address'),
    /** The container as the server recognised it: audio/webm or audio/mp4 */
    mimeType: text('mime_type').notNull(),
    audio: bytea('audio').notNull(),
    /** Measured from the audio, in milliseconds */
    durationMs: integer('duration_ms').notNull(),
    /** The price of the measured duration, in cents, and its currency */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /**
     * pending (not paid), held (paid, waiting for an admin's approval), paid (approved or needing
     * none: the sample player's to play), rejected, or refunded. The player plays only `paid`.
     */
    state: text('state').notNull().default('pending'),
    /** When it reached the sample player: paid, or approved when it was held (the player's order) */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** How many times an admin replayed it (the version of sample.replayed), and when last */
    replays: integer('replays').notNull().default(0),
    replayedAt: timestamp('replayed_at', { withTimezone: true, mode: 'date' }),
    /** No new order after this; an order made before may still be captured */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('sample_requests_sid_idx').on(t.sid), index('sample_requests_paid_idx').on(t.state, t.paidAt, t.id)],
);

/** The flip queue (spec 2 "Flip Request Queue"): one row per paid flip request, in order of arrival. */
export const flipQueue = pgTable(
  'flip_queue',
  {
    id: serial('id').primaryKey(),
    flipRequestId: integer('flip_request_id')
      .notNull()
      .references(() => flipRequests.id),
    songRequestId: integer('song_request_id')
      .notNull()
      .references(() => songRequests.id),
    /** held (paid, waiting for approval; not in the queue yet), queued, playing, played, rejected or refunded (out of the queue) */
    state: text('state').notNull(),
    /** Order in the queue: when the payment completed, or for a held request when an admin approved it */
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('flip_queue_flip_request_idx').on(t.flipRequestId), index('flip_queue_order_idx').on(t.state, t.queuedAt, t.id)],
);

/**
 * The flip queue's version: one row, bumped by every queue change in the changing transaction and
 * announced as `queue.changed`. Its row lock is the queue's mutex: every writer takes it first
 * (song-requests/queue/queries.ts), so two admins pressing NEXT at once run one after the other.
 */
export const queueState = pgTable('queue_state', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * One row per PayPal order of a paid feature (kind flip or sample), never deleted. `request_ref`
 * names what it pays for in that feature. At most one live payment (open or captured) per request;
 * after a refund, reversal or denial a new order may be made.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    requestRef: text('request_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    orderId: text('paypal_order_id').notNull().unique(),
    captureId: text('paypal_capture_id').unique(),
    status: text('status').notNull().default('created'),
    /** Declined captures so far: part of the next capture's PayPal-Request-Id */
    declines: integer('declines').notNull().default(0),
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'date' }),
    /** When the reconciliation job last asked PayPal about this order */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_live_request_idx')
      .on(t.kind, t.requestRef)
      .where(sql`status IN ('created', 'approved', 'declined', 'captured', 'needs_attention')`),
    index('payments_open_idx').on(t.updatedAt).where(sql`status IN ('created', 'approved', 'declined')`),
  ],
);

/**
 * The radio's stations (spec 2 "Radio"; server/radio): one row each, made on first use. `play_id` is
 * what plays now (its row says when it started), `ends_at` when it ends, `cycle` the current pass
 * through the station's pool. Its row lock is the station's mutex: every advance takes it first, and
 * `version` (bumped by each advance, announced as `radio.changed`) lets a late instance see that
 * another one already moved the station on.
 */
export const radioStations = pgTable('radio_stations', {
  station: text('station').primaryKey(),
  version: integer('version').notNull().default(0),
  /** Null when the song that played was deleted (its plays go with it): the next due-check moves on */
  playId: integer('play_id').references((): AnyPgColumn => radioPlays.id, { onDelete: 'set null' }),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
  cycle: integer('cycle').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** What each station played, in order (the current track is its station's latest row). */
export const radioPlays = pgTable(
  'radio_plays',
  {
    id: serial('id').primaryKey(),
    station: text('station').notNull(),
    /** The pass through the pool this play belongs to: a song plays once per cycle */
    cycle: integer('cycle').notNull(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * Listeners' reactions while it played (issue 25), by reaction ({"fire": 3}); each instance adds
     * what it received in one update per moment, so the history shows them with the play
     */
    reactions: jsonb('reactions').$type<Partial<Record<string, number>>>().notNull().default({}),
  },
  (t) => [
    index('radio_plays_station_idx').on(t.station, t.id.desc().nullsFirst()),
    index('radio_plays_cycle_idx').on(t.station, t.cycle, t.mediaId),
  ],
);

/**
 * Radio sockets per instance and station, written by each instance every few seconds (a heartbeat):
 * GET /api/radio/listeners sums the fresh rows, so an instance that died stops counting once its rows age.
 */
export const radioListeners = pgTable(
  'radio_listeners',
  {
    instance: text('instance').notNull(),
    station: text('station').notNull(),
    count: integer('count').notNull(),
    /** The logged-in users among them (each once): a vote to skip needs more than half of the station's, across instances */
    userIds: integer('user_ids').array().notNull().default(sql`'{}'::integer[]`),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instance, t.station] })],
);

/**
 * Votes to skip a play (issue 25): one per logged-in user and play, so votes reset with each track.
 * They go with the play (a deleted song's plays) and with the user.
 */
export const radioVotes = pgTable(
  'radio_votes',
  {
    playId: integer('play_id')
      .notNull()
      .references(() => radioPlays.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playId, t.userId] })],
);
