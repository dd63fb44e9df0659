import type { Period } from '../../../common/enums';
import type { Top, TopQuery } from '../../../common/stats';
import { type LikedKind, TOP_SIZE, type TopList } from '../../../common/stats-paths';
import type { CatalogueService } from '../../catalogue/service';
import type { Db } from '../../db/client';
import { periodStart } from '../../db/filters';
import { createComputedCache } from '../computed';
import { presentRadio } from './present';
import { readTopLiked, readTopRadio, readTopRequested, readTopRequesters } from './queries';

export type TopService = ReturnType<typeof createTopService>;

/** The period a list counts when none is asked for: the radio's last 30 days, everything else all time. */
const DEFAULT_PERIOD: Record<TopList, Period> = { liked: 'all_time', requested: 'all_time', requesters: 'all_time', radio: 'month' };

/** A query with its defaults applied; `kind` only where the list has one, so equal lists share one answer. */
type Normalised = { what: 'liked'; kind: LikedKind; period: Period } | { what: Exclude<TopList, 'liked'>; period: Period };

function normalise(query: TopQuery): Normalised {
  const period = query.period ?? DEFAULT_PERIOD[query.what];
  return query.what === 'liked' ? { what: 'liked', kind: query.kind, period } : { what: query.what, period };
}

/**
 * The ranked lists of GET /api/stats/top. Each is one aggregate query over likes, the request history
 * or the radio's plays, computed at most once a minute per list (../computed.ts), and again after a
 * catalogue change of this instance (the lists name catalogue items). Periods count back from when the
 * list is computed.
 */
export function createTopService(db: Db, catalogue: Pick<CatalogueService, 'onChanged'>, now: () => Date) {
  const compute = async (query: Normalised): Promise<Top> => {
    const since = periodStart(query.period, now());
    const { period } = query;
    switch (query.what) {
      case 'liked':
        return { what: 'liked', kind: query.kind, period, items: await readTopLiked(db, query.kind, since, TOP_SIZE) };
      case 'requested':
        return { what: 'requested', period, items: await readTopRequested(db, since, TOP_SIZE) };
      case 'requesters':
        return { what: 'requesters', period, items: await readTopRequesters(db, since, TOP_SIZE) };
      case 'radio':
        return presentRadio(await readTopRadio(db, since, TOP_SIZE), period);
    }
  };
  const cache = createComputedCache<Normalised, Top>({ compute, keyOf: (query) => Object.values(query).join('/'), now });
  catalogue.onChanged(() => cache.clear());
  return {
    read: (query: TopQuery): Promise<Top> => cache.get(normalise(query)),
  };
}
