/**
 * One kind's index over time (issue 23): which index a search answers from, and the build or
 * patch that brings it up to date. No search waits for a build once an index exists:
 *
 * - a write announced with its ids (`changed(ids)`) is patched into the index answering (a few rows
 *   read again and a few passes over the index, ~0.1-0.5 s), and the next search of the kind waits
 *   for that patch: an edit's own item shows in the next search (read your writes), also while a
 *   build runs;
 * - a write announced without ids (`changed()`), or one the cheap check found (nobody announced it),
 *   starts a build in the background; until it is in place, searches answer from the index before
 *   it (with the named writes patched in). The trade-off: for the seconds of a build (1.6 s at
 *   100,000 songs, 4 s at 300,000), an unnamed write is not in the answers yet: a renamed item may
 *   be found by its old name, a new one not at all, a deleted one still named (its page then skips
 *   it: the rows are read by id). Every writer of the app names its ids (edits, the sync, imports,
 *   the demo's curation); unnamed writes are bulk ones (a seed, a sync of more items than the event
 *   bus carries, a write by another tool), for which seconds of old answers beat seconds of waiting;
 * - before the first index of the kind exists there is nothing to answer from: `index()` answers
 *   undefined once the start-up build was begun (`warm`), and the caller answers from the database
 *   (queries.ts rankFromDatabase); a caller that never warmed (tools and tests that never listen) waits for that
 *   first build instead.
 *
 * At most one build and one patch per kind run at a time. A build reflects every write announced
 * before it started (it reads the catalogue after), so it replaces an index reflecting fewer; the
 * named writes announced since are patched into it at the next search.
 */

/** What an index answers from, as the service builds and patches it */
export interface Versioned {
  /** The kind's row count and newest update when it was read (`catalogueStamp`) */
  stamp: string;
}

export interface KeptDeps<B extends Versioned> {
  build(): Promise<B>;
  patch(base: B, ids: readonly number[]): Promise<B>;
  stamp(): Promise<string>;
  clock(): number;
  checkEveryMs: number;
}

/** The index answering, and which writes it reflects: every one up to `full` (it was read after them), and the named ones up to `named` */
interface Current<B> {
  full: number;
  named: number;
  built: B;
}

export class KeptIndex<B extends Versioned> {
  /** Writes announced so far (each one a generation) */
  private generation = 0;
  /** The generation of the last write that named no ids: an index must be built past it */
  private fullAt = 0;
  /** Named writes an index may still lack, with the generation each came with */
  private patches: { generation: number; ids: readonly number[] }[] = [];
  private current?: Current<B>;
  private building?: { generation: number; ready: Promise<B> };
  private patching?: { base: Current<B>; generation: number; ready: Promise<void> };
  /** The start-up build was begun (`warm`): from then on no search waits for a build */
  private warmed = false;
  /** When the cheap check (count, newest update) last ran, by the injected clock */
  private checkedAt = 0;
  private checking?: Promise<void>;

  constructor(private readonly deps: KeptDeps<B>) {}

  /** The index answering now (none before the first build) */
  get built(): B | undefined {
    return this.current?.built;
  }

  /** A write: of these ids only, or (none) of anything: then an index there is rebuilt at once, not at the next search. */
  changed(ids?: readonly number[]) {
    this.generation++;
    if (ids) this.patches.push({ generation: this.generation, ids });
    else {
      this.fullAt = this.generation;
      if (this.current) this.buildIfStale();
    }
  }

  /** The server listens: from now on no search waits for the first build (the caller answers from the database). */
  answerWithoutWaiting() {
    this.warmed = true;
  }

  /** The start-up build: begun now (if no index is there or coming), resolved once an index is in place. */
  async warm(): Promise<void> {
    this.answerWithoutWaiting();
    this.buildIfStale();
    while (!this.current && this.building) await this.building.ready.catch(() => undefined);
  }

  /** Resolves once no build is running (one chained after another included). */
  async settled(): Promise<void> {
    while (this.building) await this.building.ready.catch(() => undefined);
  }

  /**
   * The index a search answers from: every named write announced so far patched in (waiting for that
   * patch), and unnamed ones once their build is done (never waiting for it). Undefined before the
   * first index once warmed: the caller answers from the database.
   */
  async index(): Promise<B | undefined> {
    // Only an index reflecting every write announced is checked: one with a patch pending is behind the table by that write.
    const answering = this.current;
    if (answering && answering.named === this.generation && answering.full >= this.fullAt && !this.building)
      await this.check(answering.built);
    const wanted = this.generation;
    this.buildIfStale();
    if (!this.current) {
      if (this.warmed) return undefined;
      await this.building!.ready;
    }
    for (;;) {
      const current = this.current!;
      const pending = this.patches.filter((p) => p.generation > current.named && p.generation <= wanted);
      if (pending.length === 0) return current.built;
      if (!this.patching) this.startPatch(current, pending);
      await this.patching!.ready;
    }
  }

  /**
   * The index if it reflects every write announced, without waiting (lists answer from it, else from
   * the database). One behind starts its update now, for a later list; a first build is left to `warm`.
   */
  upToDate(): B | undefined {
    const answering = this.current;
    if (!answering) return undefined;
    if (answering.named === this.generation && answering.full >= this.fullAt) {
      void this.check(answering.built);
      return answering.built;
    }
    this.index().catch(() => undefined);
    return undefined;
  }

  /** Starts a build unless the index answering reflects the last unnamed write, or a build is running (it chains one more when it ends). */
  private buildIfStale() {
    if (this.building || (this.current && this.current.full >= this.fullAt)) return;
    const generation = this.generation;
    const ready = this.deps.build();
    this.building = { generation, ready };
    this.prune();
    ready.then(
      (built) => {
        this.building = undefined;
        if (!this.current || this.current.full < generation) this.current = { full: generation, named: generation, built };
        this.checkedAt = this.deps.clock();
        this.prune();
        // An unnamed write announced during the build: one more.
        this.buildIfStale();
      },
      () => {
        // A failed build is not kept: the next search starts another (meanwhile: the older index, or the database).
        this.building = undefined;
      },
    );
  }

  /** Patches the named writes announced since `base` was read into it; replaces `base` as the answering index unless a build replaced it first. */
  private startPatch(base: Current<B>, pending: { generation: number; ids: readonly number[] }[]) {
    const generation = Math.max(...pending.map((p) => p.generation));
    const ids = [...new Set(pending.flatMap((p) => p.ids))];
    const ready = this.deps.patch(base.built, ids).then(
      (built) => {
        this.patching = undefined;
        if (this.current === base) this.current = { full: base.full, named: generation, built };
        this.prune();
      },
      (error) => {
        this.patching = undefined;
        throw error;
      },
    );
    this.patching = { base, generation, ready };
  }

  /** Forgets named writes that both the index answering and the build running reflect. */
  private prune() {
    const covered = Math.min(this.current?.named ?? 0, this.building?.generation ?? Number.POSITIVE_INFINITY);
    this.patches = this.patches.filter((p) => p.generation > covered);
  }

  /**
   * At most every `checkEveryMs`: has the kind's table moved since its index was read (a write that
   * did not call catalogue.changed)? If so it counts as an unnamed write: a build starts.
   */
  private check(built: B): Promise<void> {
    if (this.checking) return this.checking;
    const { clock, checkEveryMs, stamp } = this.deps;
    if (clock() - this.checkedAt < checkEveryMs) return Promise.resolve();
    this.checkedAt = clock();
    this.checking = stamp()
      .then(
        (now) => {
          if (now !== built.stamp && this.current?.built === built) this.changed();
        },
        () => {
          // The next check asks again; meanwhile the index answers as it is.
        },
      )
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }
}
