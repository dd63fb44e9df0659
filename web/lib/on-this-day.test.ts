import { describe, expect, it } from 'vitest';
import { anniversaryLines, yearsAgoToday } from './on-this-day';

/** An answer's items [id, year], today being in 2026 (only what the lines read). */
const answer = (items: [number, number][]) => ({
  content: items.map(([id, year]) => ({ id, name: `Item ${id}`, year, yearsAgo: 2026 - year })),
});

describe('On this day on the home page', () => {
  it('says how many years ago, one year in the singular', () => {
    expect(yearsAgoToday(1)).toBe('1 year ago today');
    expect(yearsAgoToday(3)).toBe('3 years ago today');
  });

  it('puts the three kinds together, oldest year first, songs then streams then clips within a year', () => {
    const lines = anniversaryLines({
      media: answer([
        [1, 2023],
        [2, 2025],
      ]),
      streams: answer([[10, 2025]]),
      clips: answer([
        [20, 2021],
        [21, 2025],
      ]),
    });
    expect(lines.map((line) => [line.kind, line.id, line.when])).toEqual([
      ['clips', 20, '5 years ago today'],
      ['media', 1, '3 years ago today'],
      ['media', 2, '1 year ago today'],
      ['streams', 10, '1 year ago today'],
      ['clips', 21, '1 year ago today'],
    ]);
  });

  it('keeps to the first few lines, and is empty when nothing is, or nothing has come yet', () => {
    const many = answer(Array.from({ length: 9 }, (_, i): [number, number] => [i + 1, 2016 + i]));
    expect(anniversaryLines({ media: many }, 4).map((line) => line.year)).toEqual([2016, 2017, 2018, 2019]);
    expect(anniversaryLines({ media: answer([]), streams: answer([]), clips: answer([]) })).toEqual([]);
    expect(anniversaryLines({})).toEqual([]);
  });
});
