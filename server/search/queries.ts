import { type AnyColumn, and, asc, count, desc, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { EntityKind, Sort } from '../../common/enums';
import type { Filter } from '../../common/query';
import type { Db } from '../db/client';
import { type FilterContext, filterConditions } from '../db/filters';
import { KINDS, type KindSpec } from '../db/kinds';
import { media, tags } from '../db/schema';
import type { IndexedItem } from './postings';
import { APOSTROPHE_CHARS } from './text';
import type { Ranked } from './word-index';

/** All SQL of the search index: what it is built from, and which items a list's filters let through. */

/** Every item of a kind (unavailable ones too: the filters leave them out), in id order; or those of these ids. */
export async function indexedItems(db: Db, spec: KindSpec, ids?: readonly number[]): Promise<IndexedItem[]> {
  const t = spec.table as typeof media;
  const rows = await db
    .select({
      id: t.id,
      name: t.name,
      // Text rather than integer[] and timestamptz: the driver parses these for 100,000 rows much faster.
      tagIds: sql<string>`array_to_string(${t.tagIds}, ',')`,
      lyrics: spec.kind === 'media' ? media.lyrics : sql<null>`NULL`,
      views: t.views,
      date: sql<string>`(extract(epoch from ${spec.date}) * 1000)::float8`,
      length: sql<number>`${spec.length}`,
      provider: t.provider,
      source: t.source,
      unavailable: t.unavailable,
    })
    .from(t)
    .where(ids ? inArray(t.id, [...ids]) : undefined)
    .orderBy(asc(t.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    tagIds: row.tagIds ? row.tagIds.split(',').map(Number) : [],
    lyrics: row.lyrics,
    views: row.views,
    date: Number(row.date),
    length: Number(row.length),
    provider: row.provider,
    source: row.source,
    unavailable: row.unavailable,
  }));
}

export async function tagNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: tags.id, name: tags.name }).from(tags);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Ids of the items passing these conditions (the catalogue's list filters), as one text value. */
export async function idsWhere(db: Db, spec: KindSpec, where: SQL[]): Promise<number[]> {
  const t = spec.table as typeof media;
  const [row] = await db
    .select({ ids: sql<string | null>`string_agg(${t.id}::text, ',')` })
    .from(t)
    .where(and(...where));
  return row?.ids ? row.ids.split(',').map(Number) : [];
}

/** A kind's row count and newest update, as one text: it moves with any insert, delete or dated update. */
export async function catalogueStamp(db: Db, spec: KindSpec): Promise<string> {
  const t = spec.table as typeof media;
  const [row] = await db.select({ n: count(), newest: max(t.updatedAt) }).from(t);
  return `${row?.n ?? 0} ${row?.newest?.getTime() ?? 0}`;
}

// The start-up answer, before a kind's first index exists (was fallback.ts).

/**
 * Searches answered by the database, for the seconds before a kind's first index is built (the
 * start-up build: 7-8 s at 100,000-300,000 songs on a busy host). Chosen over a snapshot of the
 * index kept on disk: nothing to version, store or check for staleness, and it answers the
 * database as it is, writes included; it costs a scan of the kind's table per search, for those
 * seconds only.
 *
 * Every item answered is a match the index would find too, with less ranking: a query word matches
 * the beginning of a word of the name or of a tag's name (or the lyrics), case aside; typos and
 * accent folding wait for the index. Apostrophes are dropped as the index drops them ("dont" finds
 * "Don't"), and only an ASCII space or punctuation mark counts as a word boundary, so a match is
 * never inside a word the index sees whole ("t" in "Don't", "xito" in "Éxito"). Ranked by how many of the query's words match from the first (rule 1
 * of word-index.ts, the first word required), then the sort's order as the index has it.
 */

/** ASCII characters that end a word (apostrophes are dropped first): every one of them is a separator in text.ts `wordsOf`. */
const BOUNDARY = '(^|[\\x01-\\x26\\x28-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f])';

/**
 * A text in lower case without its apostrophes, as text.ts `wordsOf` reads it: "Don't" is "dont".
 * Matched case-sensitively against the (lower-case) query word: `~*` costs twice as much per row.
 */
const joined = (column: SQL | AnyColumn) => sql`lower(translate(${column}, ${APOSTROPHE_CHARS}, ''))`;

/** Words are letters and digits only (text.ts `queryWords`): nothing in them is special in a regular expression. */
const beginning = (word: string) => `${BOUNDARY}${word}`;

/** The item has a word beginning with `word`: in its name, a tag's name, or (when asked) its lyrics. */
function matches(spec: KindSpec, word: string, lyrics: boolean): SQL {
  const t = spec.table as typeof media;
  const pattern = beginning(word);
  const inLyrics = lyrics && spec.kind === 'media' ? sql` OR ${joined(media.lyrics)} ~ ${pattern}` : sql``;
  const inTags = sql`${t.tagIds} && ARRAY(SELECT ${tags.id} FROM ${tags} WHERE ${joined(tags.name)} ~ ${pattern})`;
  return sql`(${joined(t.name)} ~ ${pattern} OR ${inTags}${inLyrics})`;
}

/** How many of the words after the first match, counting from the second until one does not. */
function laterWordsMatched(spec: KindSpec, words: string[], lyrics: boolean): SQL {
  let score: SQL = sql`0`;
  for (const word of words.slice(1).reverse()) score = sql`CASE WHEN ${matches(spec, word, lyrics)} THEN 1 + ${score} ELSE 0 END`;
  return score;
}

/** The index's order of a sort (word-index.ts `comparator`): relevance and top by views, the newest id first on ties. */
function sortOrder(spec: KindSpec, sort: Sort, seed: string): SQL[] {
  const t = spec.table;
  switch (sort) {
    case 'latest':
      return [desc(spec.date), desc(t.id)];
    case 'duration':
      return [desc(spec.length), desc(t.id)];
    case 'random':
      return [sql`md5(${t.id}::text || ${seed})`, asc(t.id)];
    default:
      return [desc(t.views), desc(t.id)];
  }
}

export interface FallbackRequest {
  words: string[];
  filter: Filter;
  lyrics: boolean;
  offset: number;
  limit: number;
}

/** A window of a search and its total, from the database: the list's filters with `filterConditions`, as the index's are. */
export async function rankFromDatabase(db: Db, kind: EntityKind, request: FallbackRequest, ctx: FilterContext): Promise<Ranked> {
  const { words, filter, lyrics, offset, limit } = request;
  if (words.length === 0) return { ids: [], total: 0 };
  const spec: KindSpec = KINDS[kind];
  const t = spec.table as typeof media;
  const where = and(...filterConditions(spec, filter, ctx), matches(spec, words[0]!, lyrics));
  const order = sortOrder(spec, filter.sort ?? 'relevance', ctx.now.toISOString().slice(0, 10));
  // Rule 1 only matters with more than one word (a constant would read as a column position).
  if (words.length > 1) order.unshift(desc(laterWordsMatched(spec, words, lyrics)));
  const rows = await db
    .select({ id: t.id, total: sql<number>`(count(*) OVER ())::int` })
    .from(t)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  if (rows.length > 0 || offset === 0) return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
  // A page past the end: counted apart.
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(where);
  return { ids: [], total: count?.n ?? 0 };
}

/** Ids of every item matching the query, unfiltered (as the index's `matchingIds`: unavailable ones too). */
export async function matchingFromDatabase(db: Db, kind: EntityKind, words: string[], lyrics: boolean): Promise<number[]> {
  if (words.length === 0) return [];
  const spec: KindSpec = KINDS[kind];
  const t = spec.table as typeof media;
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(matches(spec, words[0]!, lyrics));
  return rows.map((row) => row.id);
}
