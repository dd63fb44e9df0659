import type { RadioTrack } from '../../../../common/radio';
import { loadScript } from './load-script';
import type { PlayerOptions, RadioPlayer } from './types';

/**
 * YouTube songs through the IFrame Player API (https://developers.google.com/youtube/iframe_api_reference):
 * the script loads on the first YouTube track, one player is made and each next track is
 * loadVideoById'd into it at the station's position.
 */

interface YTPlayer {
  loadVideoById(options: { videoId: string; startSeconds?: number }): void;
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getCurrentTime(): number;
  setVolume(volume: number): void;
  destroy(): void;
}

interface YTNamespace {
  Player: new (
    element: HTMLElement,
    options: {
      width: number;
      height: number;
      videoId: string;
      playerVars: Record<string, number | string>;
      events: Record<string, (event: { data: number; target: YTPlayer }) => void>;
    },
  ) => YTPlayer;
}

declare global {
  interface Window {
    YT?: YTNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

/** YT.PlayerState: ENDED 0, PLAYING 1, PAUSED 2, BUFFERING 3. */
const STATE = { ended: 0, playing: 1, paused: 2, buffering: 3 } as const;

function youtubeApi(): Promise<YTNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  return new Promise((resolve, reject) => {
    const before = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      before?.();
      if (window.YT) resolve(window.YT);
    };
    loadScript('https://www.youtube.com/iframe_api').catch(reject);
  });
}

export function youtubePlayer({ host, volume, onPlayback }: PlayerOptions): RadioPlayer {
  let player: YTPlayer | null = null;
  let ready = false;
  let destroyed = false;
  let position: () => number = () => 0;
  let pending: string | null = null;
  let currentVolume = volume;
  const mount = document.createElement('div');
  host.append(mount);

  const events = {
    onReady: () => {
      ready = true;
      player?.setVolume(currentVolume);
      if (pending) player?.loadVideoById({ videoId: pending, startSeconds: position() });
    },
    onStateChange: ({ data }: { data: number }) => {
      if (data === STATE.playing) onPlayback('playing');
      else if (data === STATE.paused) onPlayback('paused');
      else if (data === STATE.buffering) onPlayback('loading');
    },
    // The browser refused to start without a gesture (autoplay policy).
    onAutoplayBlocked: () => onPlayback('blocked'),
    onError: () => onPlayback('error'),
  };

  return {
    load(track: RadioTrack, at: () => number) {
      position = at;
      pending = track.remoteId;
      onPlayback('loading');
      if (ready) {
        player?.loadVideoById({ videoId: track.remoteId, startSeconds: at() });
        return;
      }
      if (player) return;
      youtubeApi()
        .then((YT) => {
          if (destroyed || player) return;
          player = new YT.Player(mount, {
            width: 200,
            height: 200,
            videoId: track.remoteId,
            playerVars: { autoplay: 1, controls: 0, playsinline: 1, start: Math.floor(at()), origin: window.location.origin },
            events,
          });
        })
        .catch(() => onPlayback('error'));
    },
    play() {
      player?.seekTo(position(), true);
      player?.playVideo();
    },
    pause: () => player?.pauseVideo(),
    seek: (seconds) => player?.seekTo(seconds, true),
    position: () => (ready && player ? player.getCurrentTime() : null),
    setVolume(next) {
      currentVolume = next;
      if (ready) player?.setVolume(next);
    },
    destroy() {
      destroyed = true;
      player?.destroy();
      mount.remove();
    },
  };
}
