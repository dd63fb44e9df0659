import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { SHARE_IMAGE } from '../../common/constants';
import type { EntityKind } from '../../common/enums';

/**
 * Share images (spec 3: 480 by 270): an item's thumbnail made to that size, kept on disk under
 * $DATA_DIR/share-images/<kind>/<id>.jpg and made again when its thumbnail file is newer (a sync
 * that fetched a new thumbnail rewrites that file). Items without a thumbnail, and unknown ones,
 * get the site's own image, made once per process.
 */

export interface ShareImage {
  body: Buffer;
  /** Changes whenever the bytes do */
  etag: string;
}

const shareImage = (body: Buffer): ShareImage => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"` });

export type ShareImages = ReturnType<typeof createShareImages>;

const JPEG = { quality: 82, mozjpeg: true } as const;

const mtimeOf = (file: string) =>
  stat(file).then(
    (s) => (s.isFile() && s.size > 0 ? s.mtimeMs : null),
    () => null,
  );

/**
 * The site's mark (web/public/favicon.svg) on a dark ground. Drawn without text, so it looks the
 * same on a server without fonts.
 */
function siteImageSvg(): string {
  const { width, height } = SHARE_IMAGE;
  const cx = width / 2;
  const cy = height / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f06595"/><stop offset="1" stop-color="#be4bdb"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="#1a1b1e"/>
<circle cx="${cx}" cy="${cy}" r="96" fill="url(#g)"/>
<circle cx="${cx}" cy="${cy}" r="58" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="6"/>
<circle cx="${cx}" cy="${cy}" r="22" fill="#fff"/>
</svg>`;
}

export function createShareImages(options: {
  /** Where thumbnails are, in order (each holds <kind>/<file>): $DATA_DIR/thumbnails, the demo's */
  thumbnailDirs: readonly string[];
  /** $DATA_DIR/share-images */
  cacheDir: string;
}) {
  let site: Promise<ShareImage> | undefined;
  let temporaries = 0;
  /** Images being made, by file: concurrent requests for one wait for a single sharp run. */
  const making = new Map<string, Promise<ShareImage>>();

  function siteImage(): Promise<ShareImage> {
    site ??= sharp(Buffer.from(siteImageSvg())).jpeg(JPEG).toBuffer().then(shareImage);
    return site;
  }

  async function findThumbnail(kind: EntityKind, thumbnail: string): Promise<{ file: string; mtime: number } | null> {
    // The name comes from the database; a name that is not a plain file name is not looked for.
    if (path.basename(thumbnail) !== thumbnail || thumbnail.startsWith('.')) return null;
    for (const dir of options.thumbnailDirs) {
      const file = path.join(dir, kind, thumbnail);
      const mtime = await mtimeOf(file);
      if (mtime !== null) return { file, mtime };
    }
    return null;
  }

  async function make(source: string, target: string): Promise<ShareImage> {
    const body = await sharp(source)
      .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'centre' })
      .jpeg(JPEG)
      .toBuffer();
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${++temporaries}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, target);
    return shareImage(body);
  }

  /** The share image of an item whose thumbnail file is `thumbnail` (null: it has none). */
  async function itemImage(kind: EntityKind, id: number, thumbnail: string | null): Promise<ShareImage> {
    const source = thumbnail ? await findThumbnail(kind, thumbnail) : null;
    if (!source) return siteImage();
    const target = path.join(options.cacheDir, kind, `${id}.jpg`);
    const kept = await stat(target).catch(() => null);
    if (kept && kept.mtimeMs >= source.mtime) {
      return shareImage(await readFile(target));
    }
    let pending = making.get(target);
    if (!pending) {
      pending = make(source.file, target).finally(() => making.delete(target));
      making.set(target, pending);
    }
    return pending;
  }

  return { itemImage, siteImage };
}
