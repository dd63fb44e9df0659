import { describe, expect, it } from 'vitest';
import type { RadioCrowd } from '../../common/radio';
import { MAX_FLOATS_PER_MESSAGE, newFloats, voteText } from './reactions';

const crowd = (reactions: Partial<RadioCrowd['reactions']>, startedAt = '2026-06-01T12:00:00.000Z'): RadioCrowd => ({
  type: 'crowd',
  station: 'top',
  startedAt,
  reactions: { fire: 0, heart: 0, laugh: 0, clap: 0, ...reactions },
  votes: 0,
  voters: 0,
  needed: 3,
});

describe('newFloats', () => {
  it('floats what others added to the same track', () => {
    expect(newFloats(crowd({ fire: 1 }), crowd({ fire: 3, clap: 1 }), {})).toEqual({ floats: ['fire', 'fire', 'clap'], own: {} });
  });

  it('floats nothing on the first message or a new track: those counts are history', () => {
    expect(newFloats(null, crowd({ fire: 3 }), { fire: 1 })).toEqual({ floats: [], own: {} });
    expect(newFloats(crowd({ fire: 1 }), crowd({ fire: 3 }, '2026-06-01T12:05:00.000Z'), {})).toEqual({ floats: [], own: {} });
  });

  it('does not float this listener’s own reaction twice, and keeps what was not heard back yet', () => {
    expect(newFloats(crowd({}), crowd({ heart: 2 }), { heart: 1 })).toEqual({ floats: ['heart'], own: {} });
    expect(newFloats(crowd({}), crowd({ fire: 1 }), { fire: 1, clap: 1 })).toEqual({ floats: [], own: { clap: 1 } });
  });

  it('floats a few of a burst, not all of it', () => {
    expect(newFloats(crowd({}), crowd({ laugh: 100 }), {}).floats).toHaveLength(MAX_FLOATS_PER_MESSAGE);
  });
});

describe('voteText', () => {
  it('says the votes in and the votes needed', () => {
    expect(voteText({ votes: 2, needed: 5 })).toBe('2 of 5 votes to skip');
  });
});
