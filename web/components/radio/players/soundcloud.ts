import type { RadioTrack } from '../../../../common/radio';
import { loadScript } from './load-script';
import type { PlayerOptions, RadioPlayer } from './types';

/**
 * SoundCloud songs through the Widget API (https://developers.soundcloud.com/docs/api/html5-widget):
 * one widget iframe; each track is `load`ed into it, then moved to the station's position.
 */

interface SCWidget {
  bind(event: string, listener: (data?: { currentPosition?: number }) => void): void;
  load(url: string, options: { auto_play: boolean; callback?: () => void }): void;
  play(): void;
  pause(): void;
  seekTo(milliseconds: number): void;
  setVolume(volume: number): void;
}

interface SCNamespace {
  Widget: ((iframe: HTMLIFrameElement) => SCWidget) & {
    Events: { READY: string; PLAY: string; PAUSE: string; FINISH: string; ERROR: string; PLAY_PROGRESS: string };
  };
}

declare global {
  interface Window {
    SC?: SCNamespace;
  }
}

/** The widget tells no refusal of autoplay: no PLAY this long after asking means the browser wants a click. */
const BLOCKED_AFTER_MS = 4000;

const trackUrl = (remoteId: string) => `https://api.soundcloud.com/tracks/${encodeURIComponent(remoteId)}`;

export function soundcloudPlayer({ host, volume, onPlayback }: PlayerOptions): RadioPlayer {
  let widget: SCWidget | null = null;
  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  let destroyed = false;
  let position: () => number = () => 0;
  let lastPositionMs: number | null = null;
  let pending: string | null = null;
  let currentVolume = volume;
  let blockedTimer: ReturnType<typeof setTimeout> | undefined;

  function start() {
    if (!widget) return;
    widget.setVolume(currentVolume);
    widget.seekTo(position() * 1000);
    widget.play();
    clearTimeout(blockedTimer);
    blockedTimer = setTimeout(() => onPlayback('blocked'), BLOCKED_AFTER_MS);
  }

  function create(SC: SCNamespace, remoteId: string) {
    const iframe = document.createElement('iframe');
    iframe.title = 'SoundCloud player';
    iframe.allow = 'autoplay';
    iframe.width = '300';
    iframe.height = '166';
    iframe.src = `https://w.soundcloud.com/player/?url=${encodeURIComponent(trackUrl(remoteId))}&auto_play=true&visual=false`;
    host.append(iframe);
    frame = iframe;
    const created = SC.Widget(iframe);
    const { Events } = SC.Widget;
    created.bind(Events.READY, () => {
      ready = true;
      if (pending && pending !== remoteId) created.load(trackUrl(pending), { auto_play: true, callback: start });
      else start();
    });
    created.bind(Events.PLAY, () => {
      clearTimeout(blockedTimer);
      onPlayback('playing');
    });
    created.bind(Events.PAUSE, () => onPlayback('paused'));
    created.bind(Events.ERROR, () => onPlayback('error'));
    created.bind(Events.PLAY_PROGRESS, (data) => {
      lastPositionMs = data?.currentPosition ?? lastPositionMs;
    });
    widget = created;
  }

  return {
    load(track: RadioTrack, at: () => number) {
      position = at;
      pending = track.remoteId;
      lastPositionMs = null;
      onPlayback('loading');
      if (ready && widget) {
        widget.load(trackUrl(track.remoteId), { auto_play: true, callback: start });
        return;
      }
      if (widget) return;
      loadScript('https://w.soundcloud.com/player/api.js')
        .then(() => {
          if (!destroyed && !widget && window.SC) create(window.SC, track.remoteId);
        })
        .catch(() => onPlayback('error'));
    },
    play: start,
    pause: () => widget?.pause(),
    seek(seconds) {
      widget?.seekTo(seconds * 1000);
      // Until the next PLAY_PROGRESS, the position is where it was sent (not a drift to correct again).
      lastPositionMs = seconds * 1000;
    },
    position: () => (lastPositionMs === null ? null : lastPositionMs / 1000),
    setVolume(next) {
      currentVolume = next;
      if (ready) widget?.setVolume(next);
    },
    destroy() {
      destroyed = true;
      clearTimeout(blockedTimer);
      widget?.pause();
      frame?.remove();
    },
  };
}
