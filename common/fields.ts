import { z } from 'zod';
import { INT32_MAX } from './constants';

/**
 * The field pieces every input schema of common/ is built from, so each field is bounded to what
 * its column can hold and a value PostgreSQL would refuse (a 500) is a 400 naming the field:
 * text without NUL (PostgreSQL's text cannot hold U+0000) and without a lone UTF-16 surrogate
 * (JSON's "\ud800" parses to one; jsonb refuses it, and text would keep a U+FFFD in its place),
 * ids and integers within `integer`.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what it refuses (the pattern also documents it in OpenAPI)
const NO_NUL = /^[^\u0000]*$/;
export const NUL_MESSAGE = 'must not contain a NUL character';
/** With the `u` flag a surrogate pair is one code point: only a lone surrogate is `\p{Surrogate}`. */
const NO_LONE_SURROGATE = /^\P{Surrogate}*$/u;
export const SURROGATE_MESSAGE = 'must be valid Unicode (a lone surrogate is not)';

/** Text of at most `max` characters (optionally trimmed first, and at least `min` long), without NUL or a lone surrogate. */
export function text(options: { max: number; min?: number; trim?: boolean; lengthMessage?: string; error?: string }) {
  const { max, min = 0, trim = false } = options;
  const lengthMessage =
    options.lengthMessage ?? (min > 0 ? `must be ${min} to ${max} characters` : `may be at most ${max} characters long`);
  let schema = z.string({ error: options.error ?? 'must be text' });
  if (trim) schema = schema.trim();
  if (min > 0) schema = schema.min(min, { error: lengthMessage });
  // A character the database cannot hold is the one thing reported about the characters (abort).
  return schema
    .max(max, { error: lengthMessage })
    .regex(NO_NUL, { error: NUL_MESSAGE, abort: true })
    .regex(NO_LONE_SURROGATE, { error: SURROGATE_MESSAGE, abort: true });
}

/**
 * Characters a person's name shown to others must not hold: controls (line breaks, tabs, escapes),
 * line and paragraph separators, and the bidirectional controls (U+202E, right-to-left override,
 * turns "abc\u202Efdp.exe" into "abcexe.pdf" on screen) that make a name read as something else.
 */
const NAME_CHARACTERS = /^[^\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$/u;
export const NAME_CHARACTERS_MESSAGE = 'must not contain control or text-direction characters';

/** A name shown to others (a requester): trimmed text of `min` to `max` characters, and nothing that hides what it reads as. */
export function name(options: { min: number; max: number }) {
  return text({ ...options, trim: true }).regex(NAME_CHARACTERS, { error: NAME_CHARACTERS_MESSAGE });
}

const ID_MESSAGE = 'must be an id';

/** A positive id of a `serial` / `integer` column. */
export const idField = (message = ID_MESSAGE) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message }).max(INT32_MAX, { error: message });
export const id = idField();

/** Digits in a string (a path, a query, a form field) are read as the number; anything else stays as sent and fails. */
export function digitsAsNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\s*\d{1,16}\s*$/.test(value) ? Number(value) : value;
}

/** An id that may arrive as digits in a string. "0x10", "1e3", "1.0" and "abc" are not ids. */
export const idFromText = z.preprocess(digitsAsNumber, id);

/**
 * A paging number from the query: absent or blank is `fallback`; malformed is a 400 naming the
 * field; out of range is clamped to [1, max], never an error.
 */
export function clampedInt(fallback: number, max: number) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .transform((n) => Math.min(max, Math.max(1, n))),
  );
}
