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
import { deleteLike, insertLike, itemExists, likedAmong, likedIds, likedRows } from './queries';

/** Likes: what a user liked (the `liked` flag of every read), like/unlike, and the liked lists. */

export type LikesService = ReturnType<typeof createLikesService>;

export function createLikesService(db: Db, config: Config, catalogue: CatalogueService, now: () => Date) {
  const knownSources = new Set(sourceValues(config.site.streamerKey));

  return {
    /** The viewer of a request: anonymous, or one query for the liked ids among the items shown. */
    viewerFor(user: SessionUser | null): ViewerSource {
      if (!user) return ANONYMOUS;
      return async (kind: keyof Kinds, ids: number[]) => ({ liked: await likedAmong(db, user.id, kind, ids) });
    },

    async setLiked(user: SessionUser, kind: EntityKind, id: number, liked: boolean): Promise<{ liked: boolean }> {
      if (!(await itemExists(db, kind, id))) throw notFound(`Unknown ${KINDS[kind].noun} ${id}`);
      if (liked) await insertLike(db, user.id, kind, id, now());
      else await deleteLike(db, user.id, kind, id);
      return { liked };
    },

    async liked<K extends keyof Kinds>(user: SessionUser, kind: K, filter: Filter, paging: PageRequest): Promise<Page<unknown>> {
      const { search } = catalogue;
      // A broad query matches tens of thousands of ids: intersect them with the user's few likes in
      // memory, so only those reach PostgreSQL.
      let matching: number[] | undefined;
      if (search.hasWords(filter.q)) {
        const [matched, liked] = await Promise.all([search.matchingIds(kind, filter.q ?? '', filter.lyrics), likedIds(db, user.id, kind)]);
        const likedSet = new Set(liked);
        matching = likedSet.size === 0 ? [] : matched.filter((id) => likedSet.has(id));
      }
      const page = await likedRows(db, user.id, kind, filter, paging, { knownSources, now: now() }, matching);
      return catalogue.presentPage(kind, page, { liked: new Set(page.rows.map((r) => r.id)) });
    },
  };
}
