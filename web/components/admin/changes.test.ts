import { describe, expect, it } from 'vitest';
import { changeRows, editQueueTexts, playlistRequestTexts } from './changes';

const names = new Map([
  [1, 'Rock'],
  [2, 'Cover'],
]);

describe('changeRows', () => {
  it('skips null values, shows lyrics as text and resolves tag ids to names', () => {
    expect(changeRows({ streamId: null, streamTimestamp: 3723, lyrics: 'la la\nla', tags: [2, 1, 9] }, (id) => names.get(id))).toEqual([
      { field: 'streamTimestamp', label: 'Stream timestamp', text: '1:02:03 (3723 s)' },
      { field: 'lyrics', label: 'Lyrics', text: 'la la\nla' },
      {
        field: 'tags',
        label: 'Tags',
        tags: [
          { id: 2, name: 'Cover' },
          { id: 1, name: 'Rock' },
          { id: 9, name: '#9' },
        ],
      },
    ]);
    expect(changeRows({ streamId: 12, lyrics: null }, () => undefined)).toEqual([{ field: 'streamId', label: 'Stream', streamId: 12 }]);
    expect(changeRows({}, () => undefined)).toEqual([]);
  });
});

describe('queue texts (spec 2, 8)', () => {
  it('names each kind as the spec does', () => {
    expect(editQueueTexts('media')).toMatchObject({
      empty: 'No pending media edit requests',
      readFailed: 'Unable to retrieve media edit requests',
      approveFailed: 'Unable to approve media edit request',
      rejectFailed: 'Unable to reject media edit request',
      approved: 'Edit request approved and applied',
      rejected: 'Edit request rejected',
    });
    expect(editQueueTexts('streams').empty).toBe('No pending stream edit requests');
    expect(editQueueTexts('playlists').approveFailed).toBe('Unable to approve playlist edit request');
    expect(editQueueTexts('clips').rejectFailed).toBe('Unable to reject clip edit request');
    expect(playlistRequestTexts('submission')).toEqual({
      empty: 'No pending community playlist submissions',
      approved: 'Community playlist submission approved',
      rejected: 'Community playlist submission rejected',
      approveFailed: 'Unable to approve community playlist submission',
      rejectFailed: 'Unable to reject community playlist submission',
    });
    expect(playlistRequestTexts('refresh')).toMatchObject({
      empty: 'No pending playlist refresh requests',
      approved: 'Playlist refresh request approved',
      approveFailed: 'Unable to approve playlist refresh request',
    });
  });
});
