import type { OnThisDay } from '../../common/on-this-day';
import { ON_THIS_DAY_PER_YEAR, type OnThisDayKind } from '../../common/on-this-day-paths';
import type { CatalogueService, ViewerSource } from '../catalogue/service';
import type { Db } from '../db/client';
import { anniversaryRanges, isoDate, localDate } from './days';
import { presentAnniversary } from './present';
import { anniversaryRows } from './queries';

export interface OnThisDayDeps {
  db: Db;
  catalogue: Pick<CatalogueService, 'presentRows'>;
  /** SITE_TIME_ZONE: where the calendar day is told */
  timeZone: string;
  /** The app's clock (tests pin "today" with it) */
  now: () => Date;
}

export type OnThisDayService = ReturnType<typeof createOnThisDayService>;

export function createOnThisDayService({ db, catalogue, timeZone, now }: OnThisDayDeps) {
  return {
    /** Today in the site's time zone, YYYY-MM-DD: the read cache keeps each day's answer apart. */
    today: () => isoDate(localDate(now(), timeZone)),

    /** A kind's items of today's month and day in earlier years, oldest year first (days.ts: the leap day). */
    async list<K extends OnThisDayKind>(kind: K, viewer: ViewerSource, at = now()): Promise<OnThisDay<K>> {
      const today = localDate(at, timeZone);
      const rows = await anniversaryRows(db, kind, anniversaryRanges(today), timeZone, ON_THIS_DAY_PER_YEAR);
      const items = await catalogue.presentRows(kind, rows, viewer);
      return {
        date: isoDate(today),
        timeZone,
        content: items.map((item, i) => presentAnniversary(item, rows[i]!.year, today.year)),
      } as OnThisDay<K>;
    },
  };
}
