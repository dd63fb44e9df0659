import type { OnThisDayItem } from '../../common/on-this-day';
import type { OnThisDayKind } from '../../common/on-this-day-paths';

/** The home page's "On this day" (issue 25): what came out on today's month and day in earlier years. */

/** At most this many lines on the home page: the section stays a glance, not a list. */
export const ON_THIS_DAY_LINES = 6;

export interface AnniversaryLine {
  kind: OnThisDayKind;
  id: number;
  name: string;
  year: number;
  /** "3 years ago today" */
  when: string;
}

/** "1 year ago today", "3 years ago today" */
export function yearsAgoToday(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'} ago today`;
}

/**
 * The three kinds' answers as one list, oldest year first (each kind's answer is already), and within
 * a year songs, then streams, then clips, each as the server ordered them; the first ON_THIS_DAY_LINES.
 * Answers not there (still loading, failed) count as empty.
 */
/** What a line needs of an answer (GET /api/{kind}/on-this-day) */
export type Anniversaries = Partial<
  Record<OnThisDayKind, { content: readonly Pick<OnThisDayItem<OnThisDayKind>, 'id' | 'name' | 'year' | 'yearsAgo'>[] }>
>;

export function anniversaryLines(answers: Anniversaries, limit = ON_THIS_DAY_LINES): AnniversaryLine[] {
  const lines: AnniversaryLine[] = [];
  for (const kind of ['media', 'streams', 'clips'] as const) {
    for (const item of answers[kind]?.content ?? []) {
      lines.push({ kind, id: item.id, name: item.name, year: item.year, when: yearsAgoToday(item.yearsAgo) });
    }
  }
  // A stable sort: within a year the kinds keep the order they were added in.
  return lines.sort((a, b) => a.year - b.year).slice(0, limit);
}
