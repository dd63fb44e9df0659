import { describe, expect, it } from 'vitest';
import { etaSeconds, PACE_BREAK_SECONDS, paceSeconds } from './eta';

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 1, 12) + seconds * 1000);

describe('the pace', () => {
  it('is the median gap between plays, whatever order they come in', () => {
    expect(paceSeconds([at(600), at(0), at(200), at(300)], 300)).toBe(200);
    expect(paceSeconds([at(0), at(100), at(400), at(500)], 300)).toBe(100);
    expect(paceSeconds([at(0), at(100), at(300)], 999)).toBe(150);
  });

  it('leaves breaks out, and falls back to the slot without two plays to measure', () => {
    expect(paceSeconds([at(0), at(120), at(120 + PACE_BREAK_SECONDS + 1), at(240 + PACE_BREAK_SECONDS + 1)], 300)).toBe(120);
    expect(paceSeconds([at(0), at(PACE_BREAK_SECONDS + 1)], 300)).toBe(300);
    expect(paceSeconds([at(0)], 300)).toBe(300);
    expect(paceSeconds([], 300)).toBe(300);
  });
});

describe('the ETA', () => {
  const now = at(1000);
  it('counts a pace per request ahead from now when nothing plays', () => {
    expect([1, 2, 3].map((place) => etaSeconds({ now, pace: 240, place, playingSince: null }))).toEqual([0, 240, 480]);
  });

  it('waits for what plays to end, and never answers a time in the past', () => {
    expect(etaSeconds({ now, pace: 240, place: 1, playingSince: at(900) })).toBe(140);
    expect(etaSeconds({ now, pace: 240, place: 2, playingSince: at(900) })).toBe(380);
    expect(etaSeconds({ now, pace: 240, place: 1, playingSince: at(0) })).toBe(0);
    expect(etaSeconds({ now, pace: 240, place: 3, playingSince: at(0) })).toBe(480);
  });
});
