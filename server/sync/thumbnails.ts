import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { THUMBNAIL } from '../../common/constants';
import type { EntityKind } from '../../common/enums';
import { createHttp, type HttpOptions } from '../providers/shared/http';

/**
 * Provider thumbnails fetched once, resized to 320x180 and kept under
 * $DATA_DIR/thumbnails/<kind>/<remoteId>.jpg, which /images/thumbnails/<kind>/ serves. A thumbnail
 * is fetched again only when the provider's URL for it changes.
 */

export interface ThumbnailResult {
  file: string | null;
  source: string | null;
}

export type ThumbnailStore = ReturnType<typeof createThumbnailStore>;

/** A file name from a remote id: ids are [A-Za-z0-9_-] at every provider; anything else is hashed. */
export function thumbnailFile(remoteId: string): string {
  return /^[A-Za-z0-9_-]{1,100}$/.test(remoteId) ? `${remoteId}.jpg` : `${createHash('sha1').update(remoteId).digest('hex')}.jpg`;
}

const exists = (file: string) =>
  stat(file).then(
    (s) => s.isFile() && s.size > 0,
    () => false,
  );

export function createThumbnailStore(options: {
  /** $DATA_DIR/thumbnails */
  dir: string;
  http: Omit<HttpOptions, 'provider' | 'baseUrl'>;
  warn: (message: string) => void;
  /** Parallel downloads */
  concurrency?: number;
}) {
  const http = createHttp({
    ...options.http,
    provider: 'thumbnails',
    baseUrl: '',
    retry: { ...options.http.retry, retries: Math.min(1, options.http.retry.retries) },
  });
  const stats = { fetched: 0, failed: 0 };

  async function ensure(
    kind: EntityKind,
    remoteId: string,
    source: string | null,
    stored?: { thumbnail: string | null; thumbnailSource: string | null },
  ): Promise<ThumbnailResult> {
    const keep: ThumbnailResult = { file: stored?.thumbnail ?? null, source: stored?.thumbnailSource ?? null };
    if (!source) return keep;
    const file = thumbnailFile(remoteId);
    const target = path.join(options.dir, kind, file);
    const known = stored ? stored.thumbnailSource === source && stored.thumbnail === file : true;
    // A file we already made from this URL (or, for an item new to the database, any file of its id) is reused.
    if (known && (await exists(target))) return { file, source };
    try {
      const { data } = await http.bytes(source);
      const resized = await sharp(data)
        .resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'cover', position: 'centre' })
        .jpeg({ quality: 80 })
        .toBuffer();
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, resized);
      await rename(temporary, target);
      stats.fetched++;
      return { file, source };
    } catch (error) {
      stats.failed++;
      options.warn(`thumbnail of ${kind} ${remoteId} from ${source} not fetched: ${(error as Error).message}`);
      return keep;
    }
  }

  /** Thumbnails of many items, a few downloads at a time; answers them by remote id. */
  async function ensureAll(
    kind: EntityKind,
    items: { remoteId: string; source: string | null; stored?: { thumbnail: string | null; thumbnailSource: string | null } }[],
  ): Promise<Map<string, ThumbnailResult>> {
    const out = new Map<string, ThumbnailResult>();
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const item = items[next++]!;
        out.set(item.remoteId, await ensure(kind, item.remoteId, item.source, item.stored));
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, items.length) }, worker));
    return out;
  }

  return {
    ensure,
    ensureAll,
    /** Fetched and failed since the last call */
    takeStats() {
      const copy = { ...stats };
      stats.fetched = 0;
      stats.failed = 0;
      return copy;
    },
  };
}
