import { describe, expect, it } from 'vitest';
import { LYRICS_MAX } from '../../../common/edits';
import { initialValues, isChanged, parseStreamId, toPayload, UPDATE_FAILURE_TEXTS, validate } from './edit-form';

const song = { tags: [{ id: 3 }, { id: 1 }], streamId: 7, streamTimestamp: 3723, lyrics: 'la la' };

describe('edit form rules', () => {
  it('starts from the item: ids as text, the timestamp as h:mm:ss', () => {
    expect(initialValues(song)).toEqual({ streamId: '7', streamTimestamp: '1:02:03', lyrics: 'la la', tags: [3, 1] });
    expect(initialValues({ tags: [] })).toEqual({ streamId: '', streamTimestamp: '', lyrics: '', tags: [] });
  });

  it('builds each kind’s payload of spec 3', () => {
    const values = { streamId: ' 12 ', streamTimestamp: ' 90 ', lyrics: '  ', tags: [5] };
    expect(toPayload('media', values)).toEqual({ streamId: 12, streamTimestamp: '90', lyrics: null, tags: [5] });
    expect(toPayload('streams', values)).toEqual({ tags: [5] });
    expect(toPayload('playlists', values)).toEqual({ streamId: 12, tags: [5] });
    expect(toPayload('clips', { ...values, streamId: '' })).toEqual({ streamId: null, tags: [5] });
  });

  it('judges the fields', () => {
    const ok = initialValues(song);
    expect(validate('media', ok)).toEqual({});
    expect(validate('media', { ...ok, streamId: 'abc', streamTimestamp: 'soon' })).toEqual({
      streamId: 'Must be a stream id (a whole number)',
      streamTimestamp: 'Must be a time like 754, 12:34 or 1:02:03',
    });
    expect(validate('media', { ...ok, streamId: '' })).toEqual({ streamTimestamp: 'A stream timestamp needs a stream id' });
    expect(validate('media', { ...ok, lyrics: 'x'.repeat(LYRICS_MAX + 1) })).toEqual({ lyrics: `At most ${LYRICS_MAX} characters` });
    // A stream has no stream id field: whatever it holds is not judged.
    expect(validate('streams', { ...ok, streamId: 'abc' })).toEqual({});
    expect(parseStreamId('0')).toBeUndefined();
    expect(parseStreamId('99999999999')).toBeUndefined();
  });

  it('tells a changed form from one that says the same', () => {
    expect(isChanged('media', song, initialValues(song))).toBe(false);
    expect(isChanged('media', song, { ...initialValues(song), streamTimestamp: '3723' })).toBe(false);
    expect(isChanged('media', song, { ...initialValues(song), streamTimestamp: '1:02:04' })).toBe(true);
    expect(isChanged('media', song, { ...initialValues(song), tags: [1, 3] })).toBe(true);
    expect(isChanged('streams', song, { ...initialValues(song), lyrics: 'other' })).toBe(false);
  });

  it('names the spec 8 failures', () => {
    expect(UPDATE_FAILURE_TEXTS).toEqual({
      media: 'Unable to update media item',
      streams: 'Unable to update stream',
      playlists: 'Unable to update playlist',
      clips: 'Unable to update clip',
    });
  });
});
