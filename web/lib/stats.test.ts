import { describe, expect, it } from 'vitest';
import { counted, periodName, rankedTagsByPeriod, uploadsRows } from './stats';

describe('periodName', () => {
  it('names months and years as a reader does, in UTC', () => {
    expect(periodName('2026-05')).toBe('May 2026');
    expect(periodName('2025-12')).toBe('Dec 2025');
    expect(periodName('2026-01')).toBe('Jan 2026');
    expect(periodName('2024')).toBe('2024');
  });
});

describe('uploadsRows', () => {
  it('keeps the order and gives stream lengths in whole hours', () => {
    const rows = uploadsRows({
      what: 'uploads',
      unit: 'month',
      periods: [
        { period: '2026-04', songs: 3, streams: 2, streamSeconds: 5400, clips: 1 },
        { period: '2026-05', songs: 0, streams: 1, streamSeconds: 3599, clips: 0 },
      ],
    });
    expect(rows).toEqual([
      { period: '2026-04', name: 'Apr 2026', songs: 3, streams: 2, streamHours: 2, clips: 1 },
      { period: '2026-05', name: 'May 2026', songs: 0, streams: 1, streamHours: 1, clips: 0 },
    ]);
  });
});

describe('rankedTagsByPeriod', () => {
  it('lists each period’s used tags with their names, newest period first, empty periods left out', () => {
    const ranked = rankedTagsByPeriod({
      what: 'tags',
      unit: 'year',
      tags: [
        { id: 1, name: 'Rock', count: 5 },
        { id: 2, name: 'Jazz', count: 2 },
      ],
      periods: [
        {
          period: '2024',
          tags: [
            { id: 1, count: 3 },
            { id: 2, count: 0 },
          ],
        },
        {
          period: '2025',
          tags: [
            { id: 1, count: 0 },
            { id: 2, count: 0 },
          ],
        },
        {
          period: '2026',
          tags: [
            { id: 2, count: 2 },
            { id: 1, count: 2 },
          ],
        },
      ],
    });
    expect(ranked).toEqual([
      {
        period: '2026',
        tags: [
          { id: 2, name: 'Jazz', count: 2 },
          { id: 1, name: 'Rock', count: 2 },
        ],
      },
      { period: '2024', tags: [{ id: 1, name: 'Rock', count: 3 }] },
    ]);
  });
});

describe('counted', () => {
  it('says one or many', () => {
    expect(counted(1, 'like')).toBe('1 like');
    expect(counted(1200, 'play')).toBe('1,200 plays');
    expect(counted(0, 'request')).toBe('0 requests');
  });
});
