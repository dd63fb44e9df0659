import { asc } from 'drizzle-orm';
import type { Tag } from '../../common/api';
import type { Db } from '../db/client';
import { tags } from '../db/schema';

/**
 * Tag names by id. The tag table is tiny and read on every list, so it is held in memory; an id
 * it does not know (a tag added by another instance) triggers a reload rather than a wrong answer.
 */
export class TagCache {
  private byId = new Map<number, Tag>();
  private loading: Promise<void> | undefined;

  constructor(private db: Db) {}

  private reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await this.db.select().from(tags).orderBy(asc(tags.name));
        this.byId = new Map(rows.map((t) => [t.id, { id: t.id, name: t.name }]));
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  async all(): Promise<Tag[]> {
    if (this.byId.size === 0) await this.reload();
    return [...this.byId.values()];
  }

  /** Resolves every id of every item in one pass; unknown ids after a reload are dropped. */
  async resolver(idLists: number[][]): Promise<(ids: number[]) => Tag[]> {
    if (idLists.some((ids) => ids.some((id) => !this.byId.has(id)))) await this.reload();
    return (ids) =>
      ids
        .map((id) => this.byId.get(id))
        .filter((t): t is Tag => t !== undefined)
        .sort((a, b) => a.name.localeCompare(b.name));
  }

  invalidate() {
    this.byId.clear();
  }
}
