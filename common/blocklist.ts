import { z } from 'zod';
import { text } from './fields';

/**
 * The flip blocklist (issue 19 "Fair limits"): YouTube videos and channels no flip may request,
 * refused at VERIFY before anyone pays. Admins manage it (GET/POST /api/requests/blocklist,
 * DELETE /api/requests/blocklist/{id}).
 */

export const BLOCKLIST_KINDS = ['video', 'channel'] as const;
export type BlocklistKind = (typeof BLOCKLIST_KINDS)[number];

/** POST body: a video id or link, or a channel id or /channel/ link; the server keeps the bare id. */
export const blocklistAddBody = z.object({
  kind: z.enum(BLOCKLIST_KINDS),
  value: text({ max: 2000, min: 1, trim: true, error: 'is required' }),
});
export type BlocklistAddBody = z.infer<typeof blocklistAddBody>;

export const blocklistEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(BLOCKLIST_KINDS),
  value: z.string(),
  /** The admin who added it (display name), when still known */
  addedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type BlocklistEntry = z.infer<typeof blocklistEntrySchema>;

export const blocklistSchema = z.object({ content: z.array(blocklistEntrySchema) });

/** What VERIFY says of a blocked video: neutral, naming neither the list nor the reason. */
export const BLOCKED_MESSAGE = 'This video cannot be requested here. Please choose another one.';
