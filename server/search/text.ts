import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Text search over names and tags (and lyrics on request): PostgreSQL full-text search with prefix
 * matching for every word, OR'ed with trigram word similarity on the name so a misspelt title
 * still finds its song. Both sides are GIN-indexed.
 */

/** Words of a query, reduced to letters and digits so they are always safe inside to_tsquery. */
export function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

export interface TextMatch {
  where: SQL;
  rank: SQL<number>;
}

export function textMatch(
  columns: { name: PgColumn; searchVector: PgColumn; lyricsVector?: PgColumn },
  q: string,
  withLyrics: boolean,
): TextMatch | undefined {
  const words = queryWords(q);
  if (words.length === 0) return undefined;
  const prefixQuery = sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`;
  const phrase = words.join(' ');
  const lyrics = withLyrics && columns.lyricsVector ? columns.lyricsVector : undefined;
  const lyricsQuery = sql`plainto_tsquery('english', ${phrase})`;
  const where = lyrics
    ? sql`(${columns.searchVector} @@ ${prefixQuery} OR ${phrase} <% ${columns.name} OR ${lyrics} @@ ${lyricsQuery})`
    : sql`(${columns.searchVector} @@ ${prefixQuery} OR ${phrase} <% ${columns.name})`;
  const lyricsRank = lyrics ? sql` + ts_rank(${lyrics}, ${lyricsQuery})` : sql``;
  // How closely the words were met: whole words 1, completed prefixes 0.9, else the trigram word
  // similarity (at least 0.6 for a row to be found). word_similarity is the costly part of ranking and
  // a common word matches thousands of rows, so only rows found by the trigram arm alone compute it.
  const wholeWords = sql`to_tsquery('simple', ${words.join(' & ')})`;
  const closeness = sql`CASE WHEN ${columns.searchVector} @@ ${wholeWords} THEN 1 WHEN ${columns.searchVector} @@ ${prefixQuery} THEN 0.9 ELSE word_similarity(${phrase}, ${columns.name}) END`;
  const rank = sql<number>`(ts_rank(${columns.searchVector}, ${prefixQuery}) * 2 + ${closeness}${lyricsRank})`;
  return { where, rank };
}
