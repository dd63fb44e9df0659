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
  const rank = sql<number>`(ts_rank(${columns.searchVector}, ${prefixQuery}) * 2 + word_similarity(${phrase}, ${columns.name})${lyricsRank})`;
  return { where, rank };
}
