import type { RadioTrack } from '../../../../common/radio';
import { type PlayerOptions, playbackOfRefusal, type RadioPlayer } from './types';

/**
 * Demo mode: an audio element on the sandbox's generated audio (`{base}/{remoteId}`, served with
 * Range support, so setting currentTime seeks without downloading the whole file).
 */
export function audioPlayer(base: string, { host, volume, onPlayback }: PlayerOptions): RadioPlayer {
  const audio = document.createElement('audio');
  audio.preload = 'auto';
  audio.volume = volume / 100;
  audio.dataset.radio = 'true';
  host.append(audio);
  let position: () => number = () => 0;

  audio.addEventListener('playing', () => onPlayback('playing'));
  audio.addEventListener('pause', () => !audio.ended && onPlayback('paused'));
  audio.addEventListener('waiting', () => onPlayback('loading'));
  audio.addEventListener('error', () => onPlayback('error'));
  // Seek once the length is known: the station moved on while the file's first bytes came.
  audio.addEventListener('loadedmetadata', () => {
    audio.currentTime = position();
  });

  function play() {
    audio.play().catch((error: unknown) => {
      const playback = playbackOfRefusal(error);
      if (playback) onPlayback(playback);
    });
  }

  return {
    load(track: RadioTrack, at: () => number) {
      position = at;
      onPlayback('loading');
      audio.src = `${base}/${encodeURIComponent(track.remoteId)}`;
      play();
    },
    play() {
      // Back to where the station is now, not where the listener paused.
      if (audio.readyState > 0) audio.currentTime = position();
      play();
    },
    pause: () => audio.pause(),
    seek(seconds: number) {
      audio.currentTime = seconds;
    },
    position: () => (audio.readyState > 0 ? audio.currentTime : null),
    setVolume(next: number) {
      audio.volume = next / 100;
    },
    destroy() {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      audio.remove();
    },
  };
}
