import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clips, media, playlists, streams, tags } from '../db/schema';
import type { World } from '../demo/world';
import type { ImportReport, SyncReport } from './report';
import type { SyncService } from './service';

/**
 * A fresh demo start: the catalogue arrives through the real sync from the sandbox, the fans'
 * community playlists are imported by id as a visitor's submission would be, and then the demo's
 * curation (tags and lyrics, which in production come from people's edits) is applied where
 * nothing is set yet.
 */

export interface DemoFill {
  sync: SyncReport;
  imports: ImportReport[];
  curated: number;
}

const BATCH = 500;

export async function applyDemoCuration(db: Db, world: World): Promise<number> {
  await db
    .insert(tags)
    .values(world.tags.map((name) => ({ name })))
    .onConflictDoNothing();
  const tagRows = await db.select().from(tags).where(inArray(tags.name, world.tags));
  const tagIds = new Map(tagRows.map((t) => [t.name, t.id]));
  const ids = (names: string[]) => names.map((n) => tagIds.get(n)).filter((id): id is number => id !== undefined);

  let curated = 0;
  await db.transaction(async (tx) => {
    const write = async (
      table: typeof media | typeof streams | typeof playlists | typeof clips,
      items: { provider: string; remoteId: string; tags: string[]; lyrics?: string | null }[],
    ) => {
      for (let i = 0; i < items.length; i += BATCH) {
        for (const item of items.slice(i, i + BATCH)) {
          const set: Record<string, unknown> = {};
          if (item.tags.length > 0)
            set.tagIds = sql`CASE WHEN cardinality(${table.tagIds}) = 0 THEN ${sql.param(ids(item.tags))}::integer[] ELSE ${table.tagIds} END`;
          if (item.lyrics && table === media) set.lyrics = sql`coalesce(${media.lyrics}, ${item.lyrics})`;
          if (Object.keys(set).length === 0) continue;
          const changed = await tx
            .update(table)
            .set(set)
            .where(and(eq(table.provider, item.provider), eq(table.remoteId, item.remoteId)))
            .returning({ id: table.id });
          curated += changed.length;
        }
      }
    };
    await write(media, world.songs);
    await write(streams, world.streams);
    await write(playlists, world.playlists);
    await write(clips, world.clips);
  });
  return curated;
}

export async function fillDemoCatalogue(sync: SyncService, db: Db, world: World, log: (message: string) => void): Promise<DemoFill> {
  const report = await sync.run('demo start');
  const imports: ImportReport[] = [];
  for (const playlist of world.playlists.filter((p) => p.type === 'community' && p.provider === 'youtube')) {
    try {
      imports.push(await sync.importPlaylist(playlist.remoteId, 'community'));
    } catch (error) {
      log(`community playlist ${playlist.remoteId} not imported: ${(error as Error).message}`);
    }
  }
  const curated = await applyDemoCuration(db, world);
  log(`demo catalogue ready: ${imports.length} community playlists imported, ${curated} items given their demo tags and lyrics`);
  return { sync: report, imports, curated };
}
