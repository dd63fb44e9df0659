import { z } from 'zod';
import { PLAYLIST_TYPES, PROVIDERS } from './enums';

/** Every API shape, from spec section 3. The server validates and documents with these; the web types with them. */

export const tagSchema = z.object({ id: z.number().int(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const providerSchema = z.enum(PROVIDERS);

const itemBase = {
  id: z.number().int(),
  remoteId: z.string(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  provider: providerSchema,
  source: z.string(),
  tags: z.array(tagSchema),
  linkUrl: z.string(),
  liked: z.boolean(),
};

export const mediaSchema = z.object({
  ...itemBase,
  duration: z.number().int(),
  uploadedAt: z.string(),
  streamId: z.number().int().nullable(),
  streamTimestamp: z.number().int().nullable(),
  lyrics: z.string().nullable(),
  views: z.number().int(),
});
export type Media = z.infer<typeof mediaSchema>;

export const streamSchema = z.object({
  ...itemBase,
  duration: z.number().int(),
  uploadedAt: z.string(),
  views: z.number().int(),
});
export type Stream = z.infer<typeof streamSchema>;

export const playlistSchema = z.object({
  ...itemBase,
  mediaCount: z.number().int(),
  lastUpdated: z.string(),
  type: z.enum(PLAYLIST_TYPES),
  streamId: z.number().int().nullable(),
});
export type Playlist = z.infer<typeof playlistSchema>;

export const clipSchema = z.object({
  ...itemBase,
  duration: z.number().int(),
  uploadedAt: z.string(),
  creatorName: z.string(),
  streamId: z.number().int().nullable(),
  streamTimestamp: z.number().int().nullable(),
  views: z.number().int(),
});
export type Clip = z.infer<typeof clipSchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    last: z.boolean(),
  });
}
export type Page<T> = {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
  last: boolean;
};

export const statsSchema = z.object({
  streamCount: z.number().int(),
  streamDuration: z.number().int(),
  clipCount: z.number().int(),
  tagStats: z.array(tagSchema.extend({ count: z.number().int() })),
  providerStats: z.object({
    youtube: z.object({ mediaCount: z.number().int(), mediaDuration: z.number().int() }),
    sound_cloud: z.object({ mediaCount: z.number().int(), mediaDuration: z.number().int() }),
  }),
});
export type Stats = z.infer<typeof statsSchema>;

export const liveSchema = z.object({
  live: z.boolean(),
  title: z.string().nullable(),
  startedAt: z.string().nullable(),
});
export type Live = z.infer<typeof liveSchema>;

export const linkSchema = z.object({ label: z.string(), url: z.string(), kind: z.string() });
export type Link = z.infer<typeof linkSchema>;

/** What the browser may know of the server's configuration (one call, no build-time secrets). */
export const publicConfigSchema = z.object({
  siteName: z.string(),
  streamerName: z.string(),
  streamerKey: z.string(),
  authEnabled: z.boolean(),
  demo: z.boolean(),
  links: z.array(linkSchema),
  socials: z.array(linkSchema),
  liveChannelUrl: z.string(),
  videoChannelUrl: z.string(),
  twitchChannel: z.string(),
  credit: z.object({ creator: z.string(), performer: z.string(), creatorUrl: z.string().nullable() }),
  mediaSources: z.array(linkSchema),
  /** The video provider's image host: thumbnails of requested videos are `{base}/vi/{videoId}/mqdefault.jpg` */
  videoImageBase: z.string(),
  /** PayPal's JS SDK settings: the client id (null when payments are not configured) and, in demo mode, the stand-in SDK's URL (`sdkBaseUrl`) */
  paypal: z.object({ clientId: z.string().nullable(), sdkBaseUrl: z.string().nullable() }),
  /** In demo mode the radio plays the sandbox's generated audio, `{base}/{remoteId}`; null: the providers' own players */
  radioAudioBase: z.string().nullable(),
  /**
   * Whether a paid request of each kind waits for an admin's approval (held) before it reaches the queue
   * or the sample player (FLIPS_REQUIRE_APPROVAL, SAMPLES_REQUIRE_APPROVAL): the request pages say so
   */
  requireApproval: z.object({ flip: z.boolean(), sample: z.boolean() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const errorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** A page of this site the message is about, e.g. "/playlists/12" for a playlist already catalogued */
  link: z.string().optional(),
  /** The request's id, as in the server's log and the `x-request-id` header: what an operator searches the log for */
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.boolean() });
