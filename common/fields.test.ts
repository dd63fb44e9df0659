import { describe, expect, it } from 'vitest';
import { INT32_MAX } from './constants';
import { mediaEditSchema, streamEditSchema } from './edits';
import { clampedInt, id, idFromText, NAME_CHARACTERS_MESSAGE, NUL_MESSAGE, name, SURROGATE_MESSAGE, text } from './fields';
import { refreshBodySchema } from './playlist-requests';
import { rejectBodySchema } from './request-lifecycle';
import { historyQuery, requestEditSchema } from './requests';

const messageOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`.trim()).join('; ');

describe('text', () => {
  it('takes text within its length, trimmed when asked', () => {
    expect(text({ max: 5 }).parse('abc')).toBe('abc');
    expect(text({ max: 5, min: 2, trim: true }).parse('  ab  ')).toBe('ab');
  });

  it.each(['\u0000', 'a\u0000b', 'abc\u0000'])('refuses a NUL character (%j): PostgreSQL text cannot hold it', (value) => {
    const result = text({ max: 50 }).safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(NUL_MESSAGE);
  });

  it.each(['\ud800', 'ok\ud800', 'abc\udfffdef', '\udc00\ud800'])(
    'refuses a lone surrogate (%j): jsonb cannot hold it and text would keep U+FFFD instead',
    (value) => {
      const result = text({ max: 50 }).safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SURROGATE_MESSAGE);
    },
  );

  it('takes characters outside the BMP, whose surrogates come in pairs', () => {
    expect(text({ max: 50 }).parse('la 😀 la \u{1F3B5}')).toBe('la 😀 la \u{1F3B5}');
  });

  it('refuses text too long or too short, and other types', () => {
    expect(messageOf(text({ max: 3 }).safeParse('abcd'))).toBe('may be at most 3 characters long');
    expect(messageOf(text({ min: 3, max: 5, trim: true }).safeParse('  a '))).toBe('must be 3 to 5 characters');
    expect(messageOf(text({ max: 3 }).safeParse(7))).toBe('must be text');
  });
});

describe('name', () => {
  const requester = name({ min: 3, max: 32 });

  it('takes a name in any script, trimmed', () => {
    expect(requester.parse('  Luna-Fan  ')).toBe('Luna-Fan');
    expect(requester.parse('ルナ ファン 😀')).toBe('ルナ ファン 😀');
    expect(requester.parse('نوا فن')).toBe('نوا فن');
  });

  it.each(['abc\u202edef', 'abc\u202Efdp.exe', '\u2066abc\u2069', 'ab\u200Fc', 'two\nlines', 'tab\there', 'esc\u001b[31m', 'a\u2028b'])(
    'refuses a control or text-direction character (%j): the name would read as something else',
    (value) => {
      const result = requester.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(NAME_CHARACTERS_MESSAGE);
    },
  );

  it('refuses a lone surrogate and NUL, as all text does', () => {
    expect(messageOf(requester.safeParse('abc\ud800def'))).toBe(SURROGATE_MESSAGE);
    expect(requester.safeParse('abc\u0000def').error?.issues[0]?.message).toBe(NUL_MESSAGE);
  });
});

describe('ids and integers', () => {
  it('holds ids to a positive integer column', () => {
    expect(id.parse(INT32_MAX)).toBe(INT32_MAX);
    for (const bad of [0, -1, 1.5, INT32_MAX + 1, Number.MAX_SAFE_INTEGER, '1', null])
      expect(id.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('reads an id from digits only', () => {
    expect(idFromText.parse('42')).toBe(42);
    expect(idFromText.parse(42)).toBe(42);
    for (const bad of ['', 'abc', '1e3', '0x10', '1.0', '2147483648', '99999999999999999999']) {
      expect(idFromText.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('clamps paging numbers and refuses malformed ones', () => {
    expect(clampedInt(1, 100).parse(undefined)).toBe(1);
    expect(clampedInt(1, 100).parse('99999999999')).toBe(100);
    expect(clampedInt(1, 100).safeParse('1e400').success).toBe(false);
  });
});

/** The issue's examples, at the schemas the routes validate with (server/http/bad-input.test.ts walks every route). */
describe('the API input schemas use them', () => {
  it('refuses tag ids past 32 bits on every edit payload', () => {
    expect(messageOf(mediaEditSchema.safeParse({ tags: [2147483648] }))).toBe('tags.0 must be tag ids');
    expect(messageOf(streamEditSchema.safeParse({ tags: [1, 2147483648] }))).toBe('tags.1 must be tag ids');
  });

  it('refuses NUL in lyrics and a stream timestamp past 32 bits', () => {
    expect(messageOf(mediaEditSchema.safeParse({ lyrics: 'la\u0000la' }))).toBe(`lyrics ${NUL_MESSAGE}`);
    expect(mediaEditSchema.safeParse({ streamTimestamp: 2 ** 31 }).success).toBe(false);
    expect(mediaEditSchema.parse({ streamTimestamp: INT32_MAX }).streamTimestamp).toBe(INT32_MAX);
  });

  it('refuses a playlist id past 32 bits on a refresh request', () => {
    expect(messageOf(refreshBodySchema.safeParse({ playlistId: 2147483648 }))).toBe('playlistId must be an id');
    expect(refreshBodySchema.parse({ playlistId: '12' }).playlistId).toBe(12);
  });

  it('refuses NUL in the request history filters and an edited requester', () => {
    expect(messageOf(historyQuery.safeParse({ title: '\u0000' }))).toBe(`title ${NUL_MESSAGE}`);
    expect(messageOf(historyQuery.safeParse({ username: 'a\u0000' }))).toBe(`username ${NUL_MESSAGE}`);
    expect(messageOf(requestEditSchema.safeParse({ username: 'abc\u0000d', mediaId: null }))).toBe(`username ${NUL_MESSAGE}`);
    expect(messageOf(requestEditSchema.safeParse({ username: 'abcd', mediaId: 2147483648 }))).toBe('mediaId must be an id');
  });

  it('refuses a lone surrogate in lyrics, a right-to-left override in an edited requester, and both in a rejection reason (issue 21)', () => {
    expect(messageOf(mediaEditSchema.safeParse({ lyrics: 'ok\ud800' }))).toBe(`lyrics ${SURROGATE_MESSAGE}`);
    expect(messageOf(requestEditSchema.safeParse({ username: 'abc\ud800def', mediaId: null }))).toBe(`username ${SURROGATE_MESSAGE}`);
    expect(messageOf(requestEditSchema.safeParse({ username: 'abc\u202edef', mediaId: null }))).toBe(`username ${NAME_CHARACTERS_MESSAGE}`);
    expect(messageOf(rejectBodySchema.safeParse({ reason: 'no\u0000' }))).toBe(`reason ${NUL_MESSAGE}`);
    expect(messageOf(rejectBodySchema.safeParse({ reason: 'no\udfff' }))).toBe(`reason ${SURROGATE_MESSAGE}`);
    expect(rejectBodySchema.parse({ reason: '  Not this one 🙏  ' }).reason).toBe('Not this one 🙏');
  });
});
