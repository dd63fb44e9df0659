import type { RadioTrack } from '../../../../common/radio';
import { audioPlayer } from './audio';
import { soundcloudPlayer } from './soundcloud';
import type { PlayerOptions, RadioPlayer } from './types';
import { youtubePlayer } from './youtube';

export type PlayerKind = 'audio' | 'youtube' | 'sound_cloud';

/** Demo mode (an audio base in the public config) plays the sandbox's audio; otherwise the track's provider's player. */
export function playerKindOf(track: RadioTrack, audioBase: string | null): PlayerKind {
  if (audioBase !== null) return 'audio';
  return track.provider === 'sound_cloud' ? 'sound_cloud' : 'youtube';
}

export function createPlayer(kind: PlayerKind, audioBase: string | null, options: PlayerOptions): RadioPlayer {
  if (kind === 'audio') return audioPlayer(audioBase ?? '', options);
  return kind === 'sound_cloud' ? soundcloudPlayer(options) : youtubePlayer(options);
}
