import { describe, expect, it } from 'vitest';
import { recordingMimeType } from './recorder';

describe('recordingMimeType', () => {
  it('records WebM/Opus where the browser can, else MP4 (Safari), else leaves the choice to the browser', () => {
    expect(recordingMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(recordingMimeType((type) => type === 'audio/mp4')).toBe('audio/mp4');
    expect(recordingMimeType(() => false)).toBeUndefined();
  });
});
