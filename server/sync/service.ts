import path from 'node:path';
import { type PlaylistType, type SourceKind, sourceValue } from '../../common/enums';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { JobDefinition, JobRun, JobRunner, Logger } from '../jobs/runner';
import type { Providers } from '../providers';
import type { ChangedIds } from '../search/service';
import { type ChannelRole, importYouTubePlaylist, type PlaylistContext, syncSoundCloudPlaylists, syncYouTubePlaylists } from './playlists';
import { markMissing, storedItems, upsertItems } from './queries';
import { addCounts, ChangedRows, describeSection, type ImportReport, type SectionReport, type SyncReport, zeroCounts } from './report';
import { IMAGE_KIND, type Listing, soundcloudTracks, twitchArchive, twitchClips, youtubeUploads } from './sources';
import { createThumbnailStore, type ThumbnailStore } from './thumbnails';

/**
 * The catalogue sync: reads the streamer's channels through the provider clients and brings the
 * database in step. Each page is one transaction; a section that fails leaves what it had not
 * written as it was and marks nothing unavailable; the other sections still run.
 */

export const SYNC_JOB = 'sync';

export interface SyncOptions {
  database: Database;
  config: Config;
  /** Resolved on first use: in demo mode the sandbox's address is known once the server listens */
  providers: () => Providers;
  jobs: JobRunner;
  log: Logger;
  /** Fetch thumbnails into $DATA_DIR/thumbnails (default true) */
  thumbnails?: boolean;
  /** Called after a sync or an import wrote to the catalogue, with the ids it changed (catalogue.changed) */
  onCatalogueChanged?: (ids: ChangedIds) => void;
}

export type SyncService = ReturnType<typeof createSyncService>;

function newSection(name: string, kind: SectionReport['kind']): SectionReport {
  return { name, kind, seen: 0, added: 0, updated: 0, unavailable: 0, complete: false, error: null };
}

export function createSyncService(options: SyncOptions) {
  const { config, log, jobs } = options;
  const db: Db = options.database.db;
  const key = config.site.streamerKey;
  let thumbnailStore: ThumbnailStore | null | undefined;

  function thumbnails(providers: Providers): ThumbnailStore | null {
    if (thumbnailStore === undefined) {
      thumbnailStore =
        options.thumbnails === false
          ? null
          : createThumbnailStore({ dir: path.join(config.dataDir, 'thumbnails'), http: providers.http, warn: (m) => log.warn(m) });
    }
    return thumbnailStore;
  }

  /** The song channels of the configured YouTube account, with the source their songs get. */
  function songChannels(): Map<string, SourceKind> {
    const c = config.providers.youtube.channels;
    const out = new Map<string, SourceKind>();
    if (c.main) out.set(c.main, 'yt');
    if (c.music) out.set(c.music, 'music');
    if (c.daily) out.set(c.daily, 'daily');
    return out;
  }

  async function syncListing(
    listing: Listing,
    store: ThumbnailStore | null,
    changed: ChangedRows,
    signal?: AbortSignal,
  ): Promise<SectionReport> {
    const section = newSection(listing.name, listing.kind);
    const target = { provider: listing.provider, source: sourceValue(key, listing.sourceKind), scope: listing.scope };
    const seen: string[] = [];
    try {
      for await (const page of listing.pages()) {
        // The job's lock is gone (its connection died and another instance took it): stop writing.
        signal?.throwIfAborted();
        section.seen += page.items.length + page.gone.length;
        seen.push(...page.items.map((i) => i.remoteId));
        let thumbs: Map<string, { file: string | null; source: string | null }> | null = null;
        if (store) {
          const stored = await storedItems(
            db,
            listing.kind,
            listing.provider,
            page.items.map((i) => i.remoteId),
          );
          thumbs = await store.ensureAll(
            IMAGE_KIND[listing.kind],
            page.items.map((i) => ({ remoteId: i.remoteId, source: i.thumbnailUrl, stored: stored.get(i.remoteId) })),
          );
        }
        const items = page.items.map(({ thumbnailUrl: _, ...item }) => ({ ...item, thumbnail: thumbs?.get(item.remoteId) }));
        const counts = await db.transaction((tx) => upsertItems(tx as unknown as Db, listing.kind, target, items, page.gone));
        addCounts(section, counts);
        changed.add(listing.kind, counts.ids);
      }
      section.complete = true;
      // Only a listing read to its end proves an item is gone.
      const missing = await markMissing(db, listing.kind, listing.scope, seen);
      section.unavailable += missing.length;
      changed.add(listing.kind, missing);
    } catch (error) {
      section.error = (error as Error).message;
    }
    return section;
  }

  async function guarded(section: SectionReport, work: () => Promise<void>): Promise<SectionReport> {
    try {
      await work();
    } catch (error) {
      section.error = (error as Error).message;
    }
    return section;
  }

  /** One full sync, without the job lock (the callers hold it). */
  async function syncAll(trigger: string, signal?: AbortSignal): Promise<SyncReport> {
    const started = new Date();
    const providers = options.providers();
    const store = thumbnails(providers);
    const sections: SectionReport[] = [];
    const changed = new ChangedRows();
    const record = (section: SectionReport) => {
      sections.push(section);
      if (section.error) log.warn(`sync ${describeSection(section)}`);
      else log.info(`sync ${describeSection(section)}`);
    };
    const { youtube, soundcloud, twitch } = providers;
    const channels = config.providers.youtube.channels;
    const soundcloudUser = config.providers.soundcloud.userId;

    // Streams first: songs and clips link to them.
    let twitchUserId: string | null = null;
    let twitchError: string | null = null;
    if (twitch) {
      try {
        const user = await twitch.user(config.providers.twitch.channel);
        if (!user) twitchError = `Twitch has no user "${config.providers.twitch.channel}" (TWITCH_CHANNEL)`;
        else twitchUserId = user.id;
      } catch (error) {
        twitchError = (error as Error).message;
      }
      if (twitchUserId) record(await syncListing(twitchArchive(twitch, twitchUserId), store, changed, signal));
      else record({ ...newSection('twitch archive', 'streams'), error: twitchError });
    }
    if (youtube && channels.vod)
      record(await syncListing(youtubeUploads(youtube, channels.vod, 'youtube vod uploads', 'streams', 'daily'), store, changed, signal));

    // Songs.
    const songSections: SectionReport[] = [];
    const songListings: Listing[] = [];
    if (youtube) {
      if (channels.main) songListings.push(youtubeUploads(youtube, channels.main, 'youtube main uploads', 'media', 'yt'));
      if (channels.music) songListings.push(youtubeUploads(youtube, channels.music, 'youtube music uploads', 'media', 'music'));
      if (channels.daily) songListings.push(youtubeUploads(youtube, channels.daily, 'youtube daily uploads', 'media', 'daily'));
    }
    if (soundcloud && soundcloudUser) songListings.push(soundcloudTracks(soundcloud, soundcloudUser));
    for (const listing of songListings) {
      const section = await syncListing(listing, store, changed, signal);
      songSections.push(section);
      record(section);
    }

    if (twitch) {
      if (twitchUserId) record(await syncListing(twitchClips(twitch, twitchUserId), store, changed, signal));
      else record({ ...newSection('twitch clips', 'clips'), error: twitchError });
    }

    // Playlists hold songs: with songs missing they would lose entries, so they wait for a complete song sync.
    const songsFailed = songSections.some((s) => s.error);
    const context: PlaylistContext = { db, streamerKey: key, thumbnails: store, channels: songChannels(), changed };
    const playlistSections: [string, (section: SectionReport) => Promise<void>][] = [];
    if (youtube) {
      const roles: [ChannelRole, string | null][] = [
        ['main', channels.main],
        ['music', channels.music],
        ['daily', channels.daily],
        ['vod', channels.vod],
      ];
      for (const [role, channelId] of roles) {
        if (channelId)
          playlistSections.push([`youtube ${role} playlists`, (s) => syncYouTubePlaylists(context, youtube, channelId, role, s)]);
      }
    }
    if (soundcloud && soundcloudUser) {
      playlistSections.push(['soundcloud playlists', (s) => syncSoundCloudPlaylists(context, soundcloud, soundcloudUser, s)]);
    }
    for (const [name, work] of playlistSections) {
      const section = newSection(name, 'playlists');
      if (songsFailed) section.error = 'not synced because songs did not sync completely';
      else await guarded(section, () => work(section));
      record(section);
    }

    const totals = zeroCounts();
    for (const s of sections) addCounts(totals, s);
    if (!changed.empty) options.onCatalogueChanged?.(changed.ids);
    const finished = new Date();
    const report: SyncReport = {
      trigger,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      durationMs: finished.getTime() - started.getTime(),
      ok: sections.every((s) => !s.error),
      totals,
      thumbnails: store?.takeStats() ?? { fetched: 0, failed: 0 },
      sections,
    };
    log.info(
      `sync (${trigger}) ${report.ok ? 'done' : 'finished with errors'} in ${report.durationMs} ms: ` +
        `${totals.added} added, ${totals.updated} updated, ${totals.unavailable} marked unavailable` +
        (store ? `, ${report.thumbnails.fetched} thumbnails fetched` : ''),
    );
    return report;
  }

  return {
    /** Runs a full sync now, unless one runs already (here or in another instance): then JobBusyError. */
    async run(trigger: string): Promise<SyncReport> {
      return (await jobs.runExclusive(SYNC_JOB, (signal) => syncAll(trigger, signal)))!;
    },

    /** The periodic job (every SYNC_INTERVAL_MINUTES, and at start when SYNC_AT_START). */
    job(): JobDefinition {
      return {
        name: SYNC_JOB,
        intervalMs: config.sync.intervalMinutes * 60_000,
        runAtStart: config.sync.atStart,
        run: (signal) => syncAll(config.sync.intervalMinutes > 0 ? 'schedule' : 'start', signal),
      };
    },

    async status(): Promise<{ running: boolean; lastRun: JobRun | null }> {
      const [lastRun, running] = await Promise.all([jobs.lastRun(SYNC_JOB), jobs.isRunning(SYNC_JOB)]);
      return { running, lastRun };
    },

    /** Imports or refreshes a YouTube playlist by URL or id (community submissions, refresh requests). */
    async importPlaylist(ref: string, type: PlaylistType = 'community'): Promise<ImportReport> {
      const providers = options.providers();
      if (!providers.youtube) throw new Error('YouTube is not configured (YOUTUBE_API_KEY)');
      const changed = new ChangedRows();
      const report = await importYouTubePlaylist(
        { db, streamerKey: key, thumbnails: thumbnails(providers), channels: songChannels(), changed },
        providers.youtube,
        ref,
        type,
      );
      const fetched = thumbnailStore?.takeStats().fetched ?? 0;
      log.info(
        `playlist import ${report.remoteId} (${report.name}): ${report.added} added, ${report.kept} kept, ${report.skipped} skipped, ` +
          `${report.removed} removed${fetched ? `, ${fetched} thumbnails fetched` : ''}`,
      );
      if (!changed.empty) options.onCatalogueChanged?.(changed.ids);
      return report;
    },
  };
}
