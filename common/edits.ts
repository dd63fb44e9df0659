import { z } from 'zod';
import { INT32_MAX } from './constants';
import { digitsAsNumber, id, idField, text } from './fields';

/**
 * Shapes and rules of crowd edits (spec 3 "Edit request", "Edit payloads"), shared by the server
 * (validation, OpenAPI) and the web (types, form rules).
 */

/** Longest lyrics an edit may set (characters). */
export const LYRICS_MAX = 20_000;
/** Most tags one item may carry. */
export const TAGS_MAX = 50;

/**
 * A stream timestamp as people type it: seconds ("754"), m:ss ("12:34") or h:mm:ss ("1:02:03").
 * Answers the seconds, null for an empty value, or undefined when it cannot be read.
 */
export function parseStreamTimestamp(value: string | number | null | undefined): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= INT32_MAX ? value : undefined;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d{1,7}$/.test(text)) return Number(text);
  const parts = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{2})$/.exec(text);
  if (!parts) return undefined;
  const [, hours, minutes, seconds] = parts;
  if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return undefined;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** A stream id; an empty field clears it (null), digits in a string are read as the number. */
const idOrNull = z.preprocess((v) => (v === '' ? null : digitsAsNumber(v)), id.nullable().optional());

const tagIds = z
  .array(idField('must be tag ids'), { error: 'must be a list of tag ids' })
  .max(TAGS_MAX, { error: `may hold at most ${TAGS_MAX} tags` })
  .transform((ids) => [...new Set(ids)])
  .optional();

const streamTimestamp = z
  .union([z.string().max(20, { error: 'is not a time' }), z.number(), z.null()], { error: 'must be a time like 754, 12:34 or 1:02:03' })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const seconds = parseStreamTimestamp(value);
    if (seconds === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must be a time like 754, 12:34 or 1:02:03' });
      return z.NEVER;
    }
    return seconds;
  });

const lyrics = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), text({ max: LYRICS_MAX }).nullable().optional());

/**
 * Edit payloads (spec 3). A field left out is unchanged; null clears it. Other fields of the item
 * (the web may send the edited item) are read-only and ignored.
 */
export const mediaEditSchema = z.object({ streamId: idOrNull, streamTimestamp, lyrics, tags: tagIds });
export const streamEditSchema = z.object({ tags: tagIds });
export const playlistEditSchema = z.object({ streamId: idOrNull, tags: tagIds });
export const clipEditSchema = z.object({ streamId: idOrNull, tags: tagIds });

/** What an edit may change, as stored in an edit request's `changes` (only the changed fields). */
export const editChangesSchema = z.object({
  streamId: z.number().int().nullable().optional(),
  streamTimestamp: z.number().int().nullable().optional(),
  lyrics: z.string().nullable().optional(),
  tags: z.array(z.number().int()).optional(),
});
export type EditChanges = z.infer<typeof editChangesSchema>;

/** POST /api/{kind}/{id}: applied at once (an admin's SAVE) or queued as an edit request. */
export const editResultSchema = z.object({
  applied: z.boolean(),
  /** The queued edit request; null when the change was applied */
  requestId: z.number().int().nullable(),
});
export type EditResult = z.infer<typeof editResultSchema>;

export const editRequestSchema = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  /** The item's name, to show and link which item the request is about */
  entityName: z.string().nullable(),
  userName: z.string(),
  updatedAt: z.string(),
  changes: editChangesSchema,
});
export type EditRequest = z.infer<typeof editRequestSchema>;
