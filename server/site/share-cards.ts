import { LRUCache } from 'lru-cache';
import type { EntityKind } from '../../common/enums';
import { formatDuration } from '../../common/format';
import { findRow } from '../catalogue/queries';
import type { CatalogueService } from '../catalogue/service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PageMatch } from './pages';
import type { ShareCard } from './share-html';

/** What a card and a share image need of an item: read with the catalogue's lookup by id (one indexed query). */
export interface CardItem {
  name: string;
  thumbnail: string | null;
  description: string;
}

const OG_TYPES: Record<EntityKind, string> = {
  media: 'music.song',
  streams: 'video.other',
  playlists: 'music.playlist',
  clips: 'video.other',
};

export const SITE_IMAGE_PATH = '/images/share/site.jpg';
export const itemImagePath = (kind: EntityKind, id: number) => `/images/share/${kind}/${id}.jpg`;

/** Shown when the app shell has no description of its own. */
const FALLBACK_DESCRIPTION = 'A fan almanac of songs, streams, playlists and clips, with a 24/7 radio.';

export function createShareCards(options: { db: Db; config: Config; catalogue: CatalogueService; description: string | undefined }) {
  const { db, config } = options;
  const { name: siteName, streamerName } = config.site;
  const origin = config.publicUrl.replace(/\/+$/, '');
  const siteDescription = options.description || FALLBACK_DESCRIPTION;

  function describe(kind: EntityKind, row: Record<string, unknown>): string {
    const seconds = typeof row.duration === 'number' && row.duration > 0 ? ` (${formatDuration(row.duration)})` : '';
    switch (kind) {
      case 'media':
        return `${streamerName}'s song on ${siteName}${seconds}.`;
      case 'streams':
        return `${streamerName}'s stream on ${siteName}${seconds}.`;
      case 'playlists': {
        const count = Number(row.mediaCount ?? 0);
        return `A playlist of ${count} ${count === 1 ? 'song' : 'songs'} on ${siteName}.`;
      }
      case 'clips':
        return `A clip of ${streamerName}'s stream by ${String(row.creatorName)} on ${siteName}${seconds}.`;
    }
  }

  async function load(kind: EntityKind, id: number): Promise<{ item: CardItem | null }> {
    const row = await findRow(kind, db, id);
    if (!row) return { item: null };
    return { item: { name: row.name, thumbnail: row.thumbnail, description: describe(kind, row) } };
  }

  // A link posted in a busy chat is unfurled by many clients at once: like the read cache of the
  // logged-out API reads, answers are kept for READ_CACHE_MS, concurrent misses share one query,
  // and every catalogue write of this instance empties it.
  const ttl = config.readCacheMs;
  const cache =
    ttl > 0
      ? new LRUCache<string, { item: CardItem | null }>({
          max: 10_000,
          ttl,
          fetchMethod: (key) => {
            const [kind, id] = key.split(':') as [EntityKind, string];
            return load(kind, Number(id));
          },
        })
      : null;
  options.catalogue.onChanged(() => cache?.clear());

  /** The item, or null when there is no such item. */
  async function item(kind: EntityKind, id: number): Promise<CardItem | null> {
    const found = cache ? await cache.fetch(`${kind}:${id}`) : await load(kind, id);
    return found?.item ?? null;
  }

  function siteCard(page: PageMatch): ShareCard {
    const title = page.section ? `${page.section} | ${siteName}` : siteName;
    return {
      title,
      documentTitle: title,
      description: siteDescription,
      url: `${origin}${page.path}`,
      image: `${origin}${SITE_IMAGE_PATH}`,
      imageAlt: siteName,
      type: 'website',
      siteName,
    };
  }

  /** The card of a page: its item's, or the site's for every other page and for unknown items. */
  async function cardFor(page: PageMatch): Promise<ShareCard> {
    const found = page.item ? await item(page.item.kind, page.item.id) : null;
    if (!page.item || !found) return siteCard(page);
    return {
      title: found.name,
      documentTitle: `${found.name} | ${siteName}`,
      description: found.description,
      url: `${origin}${page.path}`,
      image: `${origin}${itemImagePath(page.item.kind, page.item.id)}`,
      imageAlt: found.name,
      type: OG_TYPES[page.item.kind],
      siteName,
    };
  }

  return { item, cardFor };
}
