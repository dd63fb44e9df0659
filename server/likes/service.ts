import type { Page } from '../../common/api';
import { type EntityKind, sourceValues } from '../../common/enums';
import type { Filter } from '../../common/query';
import type { SessionUser } from '../accounts/session';
import { ANONYMOUS } from '../catalogue/present';
import type { CatalogueService, ViewerSource } from '../catalogue/service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { KINDS, type Kinds } from '../db/kinds';
import type { PageRequest } from '../db/paging';
import { notFound } from '../http/errors';
import { createLikedSets } from './liked-sets';
import { allLikes, deleteLike, insertLike, itemExists, likedRows } from './queries';

/** Likes: what a user liked (the `liked` flag of every read), like/unlike, and the liked lists. */

export type LikesService = ReturnType<typeof createLikesService>;

/** How long a viewer's liked ids are kept in memory without a like of theirs (likes/liked-sets.ts). */
export const LIKED_SETS_TTL_MS = 5 * 60_000;

export interface LikesDeps {
  now: () => Date;
  /** Tells every instance, once `tx` commits, that this user's likes changed (the event bus) */
  announce?: (tx: Db, userId: number) => Promise<void>;
}

export function createLikesService(db: Db, config: Config, catalogue: CatalogueService, { now, announce }: LikesDeps) {
  const knownSources = new Set(sourceValues(config.site.streamerKey));
  const likedSets = createLikedSets({ load: (userId) => allLikes(db, userId), now, ttlMs: LIKED_SETS_TTL_MS });

  return {
    /** Every viewer's liked ids, kept in memory: the bus's `likes.changed` forgets a user's (likes/plugin.ts) */
    likedSets,

    /** The viewer of a request: anonymous, or their liked ids (from memory, one query after a like). */
    viewerFor(user: SessionUser | null): ViewerSource {
      if (!user) return ANONYMOUS;
      return async (kind: keyof Kinds) => ({ liked: await likedSets.of(user.id, kind) });
    },

    async setLiked(user: SessionUser, kind: EntityKind, id: number, liked: boolean): Promise<{ liked: boolean }> {
      if (!(await itemExists(db, kind, id))) throw notFound(`Unknown ${KINDS[kind].noun} ${id}`);
      try {
        await db.transaction(async (tx) => {
          if (liked) await insertLike(tx, user.id, kind, id, now());
          else await deleteLike(tx, user.id, kind, id);
          await announce?.(tx, user.id);
        });
      } finally {
        // This instance's next read of theirs sees it at once; the others when the bus delivers.
        likedSets.forget(user.id);
      }
      return { liked };
    },

    async liked<K extends keyof Kinds>(user: SessionUser, kind: K, filter: Filter, paging: PageRequest): Promise<Page<unknown>> {
      const { search } = catalogue;
      // A broad query matches tens of thousands of ids: intersect them with the user's few likes in
      // memory, so only those reach PostgreSQL.
      let matching: number[] | undefined;
      if (search.hasWords(filter.q)) {
        const [matched, likedSet] = await Promise.all([
          search.matchingIds(kind, filter.q ?? '', filter.lyrics),
          likedSets.of(user.id, kind),
        ]);
        matching = likedSet.size === 0 ? [] : matched.filter((id) => likedSet.has(id));
      }
      const page = await likedRows(db, user.id, kind, filter, paging, { knownSources, now: now() }, matching);
      return catalogue.presentPage(kind, page, { liked: new Set(page.rows.map((r) => r.id)) });
    },
  };
}
