import type { Config } from '../config';
import type { Db } from '../db/client';
import { seedWorld } from '../demo/queries';
import { buildWorld, DEMO_WORLD_SEED } from '../demo/world';
import { createEventBus } from '../events/bus';
import { catalogueChange } from '../events/types';
import { type Command, elapsed, intOption, type Output } from './command';
import { describeDatabase, openConfiguredDatabase } from './database';
import { catalogueCounts, vacuumCatalogue } from './queries';

/** Default seed of `seed`: not the demo's, so a large catalogue is added beside the demo one. */
export const DEFAULT_SEED = 1;
const DEMO_SONGS = 320;

/** Streams and clips in the demo's proportions (60 streams and 150 clips for 320 songs). */
export function scaledCounts(songs: number): { streams: number; clips: number } {
  return { streams: Math.max(3, Math.round((songs * 60) / DEMO_SONGS)), clips: Math.round((songs * 150) / DEMO_SONGS) };
}

export interface SeedOptions {
  songs: number;
  streams?: number;
  clips?: number;
  seed?: number;
}

/**
 * Builds a generated world of the given size and writes it. Items already present (same provider
 * and remote id) are kept, so the same seed twice adds nothing the second time.
 */
/** Answers the ids of the rows added, per kind. */
export async function seedCatalogue(db: Db, config: Config, options: SeedOptions, log: (message: string) => void = () => {}) {
  const scaled = scaledCounts(options.songs);
  const sizes = { songs: options.songs, streams: options.streams ?? scaled.streams, clips: options.clips ?? scaled.clips };
  const seed = options.seed ?? DEFAULT_SEED;
  let started = performance.now();
  const world = buildWorld({ streamerKey: config.site.streamerKey, now: new Date(), seed, ...sizes });
  log(
    `built a world of ${fmt(sizes.songs)} songs, ${fmt(sizes.streams)} streams, ${fmt(world.playlists.length)} playlists and ${fmt(sizes.clips)} clips (seed ${seed}) in ${elapsed(started)}`,
  );
  started = performance.now();
  const added = await seedWorld(db, world, log);
  // A freshly bulk-written table has an empty visibility map and planner costs to match; vacuum it
  // so the catalogue behaves like a settled production one (index-only scans, steady plans).
  await vacuumCatalogue(db);
  log(`written and vacuumed in ${elapsed(started)}`);
  return added;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export const seedCommand: Command = {
  name: 'seed',
  summary: 'Add a generated catalogue (for example 100,000 songs for benchmarks)',
  details: [
    'Builds a deterministic world like the demo one, of any size, and adds it to the configured',
    'database (DATABASE_URL, else the embedded database under DATA_DIR). Existing items are kept;',
    `a seed other than the demo's (${DEMO_WORLD_SEED}) adds new items beside the demo catalogue.`,
    '',
    'Example: npm run cli -- seed --songs 100000',
  ].join('\n'),
  options: {
    songs: { type: 'string', placeholder: 'n', description: `songs to generate (default ${DEMO_SONGS})` },
    streams: { type: 'string', placeholder: 'n', description: 'streams to generate (default: songs × 60/320)' },
    clips: { type: 'string', placeholder: 'n', description: 'clips to generate (default: songs × 150/320)' },
    seed: { type: 'string', placeholder: 'n', description: `random seed (default ${DEFAULT_SEED}; the demo uses ${DEMO_WORLD_SEED})` },
  },
  async run(values, out: Output) {
    const songs = intOption(values, 'songs', DEMO_SONGS, { min: 1, max: 5_000_000 });
    const options: SeedOptions = {
      songs,
      streams: values.streams === undefined ? undefined : intOption(values, 'streams', 0, { min: 1, max: 1_000_000 }),
      clips: values.clips === undefined ? undefined : intOption(values, 'clips', 0, { min: 0, max: 5_000_000 }),
      seed: intOption(values, 'seed', DEFAULT_SEED, { min: 0, max: 2 ** 32 - 1 }),
    };
    const started = performance.now();
    const { config, database } = await openConfiguredDatabase();
    try {
      out.info(`Seeding ${describeDatabase(config)}`);
      const before = await catalogueCounts(database.db);
      const written = await seedCatalogue(database.db, config, options, (m) => out.info(`  ${m}`));
      // A running server's search indexes and caches hear of the new rows at once (no listener needed
      // to publish): named when few enough for the bus, else as "anything changed" (a rebuild).
      await createEventBus({ database, log: { warn: (m) => out.info(m), error: (m) => out.info(m) } }).publish(
        database.db,
        'catalogue.changed',
        catalogueChange(written),
      );
      const after = await catalogueCounts(database.db);
      const added = (k: keyof typeof after) => `${fmt(after[k])} ${k} (+${fmt(after[k] - before[k])})`;
      out.info(`Catalogue now: ${added('songs')}, ${added('streams')}, ${added('playlists')}, ${added('clips')}`);
      out.info(`Done in ${elapsed(started)}`);
    } finally {
      await database.close();
    }
  },
};
