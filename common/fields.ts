import { z } from 'zod';
import { INT32_MAX } from './constants';

/**
 * The field pieces every input schema of common/ is built from, so each field is bounded to what
 * its column can hold and a value PostgreSQL would refuse (a 500) is a 400 naming the field:
 * text without NUL (PostgreSQL's text cannot hold U+0000), ids and integers within `integer`.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what it refuses (the pattern also documents it in OpenAPI)
const NO_NUL = /^[^\u0000]*$/;
export const NUL_MESSAGE = 'must not contain a NUL character';

/** Text of at most `max` characters (optionally trimmed first, and at least `min` long), without NUL. */
export function text(options: { max: number; min?: number; trim?: boolean; lengthMessage?: string; error?: string }) {
  const { max, min = 0, trim = false } = options;
  const lengthMessage =
    options.lengthMessage ?? (min > 0 ? `must be ${min} to ${max} characters` : `may be at most ${max} characters long`);
  let schema = z.string({ error: options.error ?? 'must be text' });
  if (trim) schema = schema.trim();
  if (min > 0) schema = schema.min(min, { error: lengthMessage });
  return schema.max(max, { error: lengthMessage }).regex(NO_NUL, { error: NUL_MESSAGE });
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
