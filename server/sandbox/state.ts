import type { SourceKind } from '../../common/enums';
import { sourceKindOf } from '../../common/enums';
import { type DemoUser, demoTwitchUsers } from '../demo/accounts';
import type { World, WorldClip, WorldPlaylist, WorldSong, WorldStream } from '../demo/world';
import { DiscordSandbox } from './discord';
import { Faults } from './faults';
import { PayPalSandbox } from './paypal/state';
import { TokenRegistry } from './tokens';

/**
 * What the sandbox serves: the demo world as the providers would hold it, plus what tests and
 * the control routes change at run time (items going private or away, renamed items, the live
 * stream, injected faults, issued tokens).
 */

export type Privacy = 'public' | 'private' | 'deleted';
/**
 * How SoundCloud keys the items it answers with: by `urn` alone, as it does since deprecating the
 * numeric `id` (June 2025), or as it did before: both, or the `id` alone.
 */
export type SoundCloudKeys = 'urn' | 'urn-and-id' | 'id';
export type ImageKind = 'media' | 'streams' | 'playlists' | 'clips';

export interface ItemPatch {
  name?: string;
  duration?: number;
  views?: number;
  /** Whether the owner lets other sites embed it (YouTube status.embeddable, SoundCloud embeddable_by); default yes */
  embeddable?: boolean;
}

export interface SandboxOptions {
  world: World;
  /** The Twitch login of the streamer (config TWITCH_CHANNEL) */
  twitchLogin: string;
  streamerName: string;
  /** The redirect URIs registered for the Twitch app: this site's login callback (http/same-site.ts) */
  twitchRedirectUris: readonly string[];
}

export interface LoggedRequest {
  provider: string;
  method: string;
  path: string;
}

const FOREIGN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A stable 11-character id from a string (videos of other channels placed in community playlists). */
function foreignId(seed: string): string {
  let h = 2166136261;
  let out = '';
  for (let i = 0; out.length < 11; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i % seed.length) ^ i, 16777619) >>> 0;
    out += FOREIGN_ALPHABET[h % 64];
  }
  return out;
}

export interface ForeignVideo {
  remoteId: string;
  name: string;
  channelId: string;
  channelTitle: string;
}

export class SandboxState {
  readonly world: World;
  readonly twitchLogin: string;
  readonly streamerName: string;
  readonly faults = new Faults();
  readonly tokens = new TokenRegistry();
  readonly paypal = new PayPalSandbox();
  readonly discord = new DiscordSandbox();
  readonly requests: LoggedRequest[] = [];
  private readonly privacy = new Map<string, Privacy>();
  private readonly removed = new Set<string>();
  private readonly patches = new Map<string, ItemPatch>();
  private readonly images = new Map<string, { kind: ImageKind; file: string }>();
  live: { id: string; title: string; startedAt: Date; viewers: number } | null = null;
  /** Live streams that ended here, archived as Twitch VODs (as Twitch does), newest last */
  private readonly recorded: WorldStream[] = [];
  /** The sandbox's time (rate limits' resets); a test sets its own clock (createSandboxedApp's `now`) */
  clock: () => Date = () => new Date();
  /** SoundCloud's keys in its answers: urn only, as today (a test may go back to the numeric id) */
  soundcloudKeys: SoundCloudKeys = 'urn';
  /** The accounts a visitor can sign in as on the sandbox authorize page */
  readonly users: DemoUser[];
  /** Where the authorize page may send a code, compared exactly, as Twitch does (a test may register more) */
  readonly twitchRedirectUris: string[];

  constructor(options: SandboxOptions) {
    this.world = options.world;
    this.twitchLogin = options.twitchLogin;
    this.streamerName = options.streamerName;
    this.twitchRedirectUris = [...options.twitchRedirectUris];
    this.users = demoTwitchUsers(options.twitchLogin, options.streamerName);
    const register = (kind: ImageKind, items: { remoteId: string; thumbnail: string }[]) => {
      for (const item of items) this.images.set(item.remoteId, { kind, file: item.thumbnail });
    };
    register('media', this.world.songs);
    // The videos viewers asked to be flipped (the request history) are on YouTube's image host too.
    register(
      'media',
      this.world.requests.map((request) => ({ remoteId: request.videoId, thumbnail: request.thumbnail })),
    );
    register('streams', this.world.streams);
    register('playlists', this.world.playlists);
    register('clips', this.world.clips);
  }

  log(provider: string, method: string, path: string) {
    this.requests.push({ provider, method, path });
    if (this.requests.length > 5000) this.requests.splice(0, 1000);
  }

  // --- changes at run time -------------------------------------------------------------------

  /** A Twitch account appears (tests: someone to grant admin to, or the new holder of a freed name). */
  addTwitchUser(login: string): DemoUser {
    const user = {
      id: String(938_100_000 + this.users.length),
      login,
      displayName: login,
      description: 'A viewer',
      email: `${login}@example.com`,
    };
    this.users.push(user);
    return user;
  }

  /** A Twitch account changes its login (its id stays), freeing the old name for someone else. */
  renameTwitchUser(id: string, login: string) {
    const user = this.users.find((u) => u.id === id);
    if (!user) throw new Error(`No sandbox Twitch user ${id}`);
    user.login = login;
    user.displayName = login;
  }

  /**
   * A fan publishes a new public YouTube playlist of the streamer's songs, one the catalogue has never
   * seen (tests and visitors: something the community submission form accepts). Kept by reset().
   */
  addCommunityPlaylist(name: string): WorldPlaylist {
    const template = this.world.playlists.find((p) => p.type === 'community' && p.provider === 'youtube');
    if (!template) throw new Error('The demo world has no community playlist to model one on');
    const count = this.world.playlists.length;
    const remoteId = `PL${foreignId(`fan:${count}:${name}`)}${foreignId(`list:${count}:${name}`)}${foreignId(`id:${name}`).slice(0, 10)}`;
    const songs = this.world.songs.filter((s) => s.provider === 'youtube').slice(0, 6);
    const playlist: WorldPlaylist = {
      ...template,
      remoteId,
      name,
      linkUrl: `https://www.youtube.com/playlist?list=${remoteId}`,
      lastUpdated: this.clock(),
      tags: [],
      streamRemoteId: null,
      songs: songs.map((s) => s.remoteId),
    };
    this.world.playlists.push(playlist);
    this.images.set(remoteId, { kind: 'playlists', file: template.thumbnail });
    return playlist;
  }

  setPrivacy(remoteId: string, privacy: Privacy) {
    if (privacy === 'public') this.privacy.delete(remoteId);
    else this.privacy.set(remoteId, privacy);
  }

  /** The item is gone from every listing (deleted outright, or taken out of its channel). */
  remove(remoteId: string) {
    this.removed.add(remoteId);
  }

  restore(remoteId: string) {
    this.removed.delete(remoteId);
    this.privacy.delete(remoteId);
  }

  patch(remoteId: string, patch: ItemPatch) {
    this.patches.set(remoteId, { ...this.patches.get(remoteId), ...patch });
  }

  goLive(title = `${this.streamerName} is live: songs and chat`, startedAt = new Date(this.clock().getTime() - 45 * 60_000)) {
    this.live = { id: '938777000', title, startedAt, viewers: 1234 };
  }

  /** The live stream ends; Twitch archives it as a VOD that began when the stream did, as long as it ran. */
  goOffline(at = this.clock()) {
    const live = this.live;
    this.live = null;
    const template = this.world.streams.find((s) => s.provider === 'twitch');
    if (!live || !template) return;
    const remoteId = String(2_099_000_000 + this.recorded.length);
    this.recorded.push({
      ...template,
      remoteId,
      name: live.title,
      duration: Math.max(1, Math.floor((at.getTime() - live.startedAt.getTime()) / 1000)),
      uploadedAt: live.startedAt,
      views: 0,
      linkUrl: `https://www.twitch.tv/videos/${remoteId}`,
      tags: [],
    });
    this.images.set(remoteId, { kind: 'streams', file: template.thumbnail });
  }

  /** Back to the world as built: no changes, faults, tokens or live stream; SoundCloud keys by urn. */
  reset() {
    this.privacy.clear();
    this.removed.clear();
    this.patches.clear();
    this.faults.clear();
    this.tokens.clear();
    this.paypal.reset();
    this.discord.reset();
    this.requests.length = 0;
    this.live = null;
    for (const stream of this.recorded) this.images.delete(stream.remoteId);
    this.recorded.length = 0;
    this.soundcloudKeys = 'urn';
  }

  // --- reading, with the changes applied --------------------------------------------------------

  privacyOf(remoteId: string): Privacy {
    return this.privacy.get(remoteId) ?? 'public';
  }

  isListed(remoteId: string): boolean {
    return !this.removed.has(remoteId);
  }

  /** Public and not removed: what a listing with an app credential shows in full. */
  isVisible(remoteId: string): boolean {
    return this.isListed(remoteId) && this.privacyOf(remoteId) === 'public';
  }

  private apply<T extends { remoteId: string; name: string; views: number }>(item: T): T {
    const patch = this.patches.get(item.remoteId);
    return patch ? { ...item, ...patch } : item;
  }

  /** A test's change of a video the world does not hold (a made-up one): only its length. */
  durationOf(remoteId: string, made: number): number {
    return this.patches.get(remoteId)?.duration ?? made;
  }

  /** Whether the owner lets other sites embed the item (a patch may say no) */
  embeddableOf(remoteId: string): boolean {
    return this.patches.get(remoteId)?.embeddable ?? true;
  }

  image(remoteId: string): { kind: ImageKind; file: string } | undefined {
    return this.images.get(remoteId);
  }

  /** Songs uploaded to a channel of this source kind (yt, music, daily on YouTube; sc on SoundCloud), newest first. */
  songs(kind: SourceKind): WorldSong[] {
    return this.world.songs
      .filter((s) => sourceKindOf(s.source) === kind && this.isListed(s.remoteId))
      .map((s) => this.apply(s))
      .sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime());
  }

  song(remoteId: string): WorldSong | undefined {
    const song = this.world.songs.find((s) => s.remoteId === remoteId);
    return song && this.isListed(remoteId) ? this.apply(song) : undefined;
  }

  streams(provider: WorldStream['provider']): WorldStream[] {
    return [...this.world.streams, ...this.recorded]
      .filter((s) => s.provider === provider && this.isListed(s.remoteId))
      .map((s) => this.apply(s))
      .sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime());
  }

  stream(remoteId: string): WorldStream | undefined {
    const stream = [...this.world.streams, ...this.recorded].find((s) => s.remoteId === remoteId);
    return stream && this.isListed(remoteId) ? this.apply(stream) : undefined;
  }

  /** Clips, most viewed first (how Helix orders clips without a date range). */
  clips(): WorldClip[] {
    return this.world.clips
      .filter((c) => this.isVisible(c.remoteId))
      .map((c) => this.apply(c))
      .sort((a, b) => b.views - a.views || a.remoteId.localeCompare(b.remoteId));
  }

  playlists(filter: (p: WorldPlaylist) => boolean): WorldPlaylist[] {
    return this.world.playlists.filter((p) => filter(p) && this.isVisible(p.remoteId)).map((p) => this.apply(p));
  }

  playlist(remoteId: string): WorldPlaylist | undefined {
    const playlist = this.world.playlists.find((p) => p.remoteId === remoteId);
    return playlist && this.isVisible(remoteId) ? this.apply(playlist) : undefined;
  }

  /**
   * The entries of a playlist in order. Community playlists also hold a few videos of other
   * channels (what an import skips).
   */
  playlistEntries(playlist: WorldPlaylist): (WorldSong | ForeignVideo)[] {
    const songs = playlist.songs.map((id) => this.song(id)).filter((s): s is WorldSong => s !== undefined);
    if (playlist.type !== 'community') return songs;
    const out: (WorldSong | ForeignVideo)[] = [...songs];
    for (const [n, at] of [
      [1, 1],
      [2, 4],
    ] as const) {
      out.splice(Math.min(at, out.length), 0, {
        remoteId: foreignId(`${playlist.remoteId}:${n}`),
        name: `Someone else's cover #${n}`,
        channelId: 'UCSomeoneElse00000000000',
        channelTitle: 'Someone Else',
      });
    }
    return out;
  }
}
