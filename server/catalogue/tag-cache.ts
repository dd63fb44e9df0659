import { asc } from 'drizzle-orm';
import type { Tag } from '../../common/api';
import type { Db } from '../db/client';
import { tags } from '../db/schema';

/**
 * Tag names by id. The tag table is tiny and read on every list, so it is held in memory; an id
 * it does not know (a tag added by another instance) triggers a reload rather than a wrong answer,
 * and the whole table is reloaded after `ttlMs` so tags added or renamed elsewhere show up in the
 * tag list and on items without a restart.
 */
export class TagCache {
  private byId = new Map<number, Tag>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | undefined;
  /** Bumped by `invalidate`, so a load that was already running when a write happened is not trusted as fresh. */
  private generation = 0;

  constructor(
    private db: Db,
    private ttlMs = 60_000,
  ) {}

  private reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const startedAt = Date.now();
        const generation = this.generation;
        const rows = await this.db.select().from(tags).orderBy(asc(tags.name));
        this.byId = new Map(rows.map((t) => [t.id, { id: t.id, name: t.name }]));
        if (generation === this.generation) this.loadedAt = startedAt;
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  private stale(): boolean {
    return Date.now() - this.loadedAt >= this.ttlMs;
  }

  async all(): Promise<Tag[]> {
    if (this.stale()) await this.reload();
    return [...this.byId.values()];
  }

  /** Resolves every id of every item in one pass; unknown ids after a reload are dropped. */
  async resolver(idLists: number[][]): Promise<(ids: number[]) => Tag[]> {
    if (this.stale() || idLists.some((ids) => ids.some((id) => !this.byId.has(id)))) await this.reload();
    return (ids) =>
      ids
        .map((id) => this.byId.get(id))
        .filter((t): t is Tag => t !== undefined)
        .sort((a, b) => a.name.localeCompare(b.name));
  }

  invalidate() {
    this.generation++;
    this.byId.clear();
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }
}
