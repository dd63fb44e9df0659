import { BLOCKED_MESSAGE, type BlocklistAddBody, type BlocklistEntry } from '../../../common/blocklist';
import { parseYouTubeChannel, parseYouTubeVideo } from '../../../common/youtube-links';
import type { SessionUser } from '../../accounts/session';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors/domain';
import { presentBlocklistEntry } from './present';
import { addToBlocklist, isBlocked, listBlocklist, removeFromBlocklist } from './queries';

export type Blocklist = ReturnType<typeof createBlocklist>;

const NOT_AN_ID = {
  video: 'value must be a YouTube video id or link',
  channel: 'value must be a YouTube channel id (UC…) or a /channel/ link',
} as const;

/** The flip blocklist: what admins keep off the stream, checked at VERIFY (flip/service.ts). */
export function createBlocklist(db: Db, now: () => Date) {
  const list = async (): Promise<BlocklistEntry[]> => (await listBlocklist(db)).map(presentBlocklistEntry);
  return {
    list,

    /** Adds a video or channel (an id or a link, kept as the bare id); adding it again answers the same entry. */
    async add(body: BlocklistAddBody, admin: SessionUser): Promise<BlocklistEntry> {
      const value = body.kind === 'video' ? parseYouTubeVideo(body.value) : parseYouTubeChannel(body.value);
      if (!value) throw new DomainError('invalid', NOT_AN_ID[body.kind]);
      const id = await addToBlocklist(db, { kind: body.kind, value, addedBy: admin.id, at: now() });
      return (await list()).find((entry) => entry.id === id)!;
    },

    async remove(id: number): Promise<void> {
      if (!(await removeFromBlocklist(db, id))) throw new DomainError('not_found', 'No such blocklist entry');
    },

    /** VERIFY's check: a blocked video or channel is refused with a neutral message. */
    async requireAllowed(videoId: string, channelId: string): Promise<void> {
      if (await isBlocked(db, videoId, channelId)) throw new DomainError('invalid', BLOCKED_MESSAGE);
    },
  };
}
