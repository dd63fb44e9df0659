import { useEffect } from 'react';
import { RADIO_FREQUENCY } from '../../../common/constants';
import { useConfig } from '../../api/config';
import { thumbnailUrl } from '../Thumbnail';
import { stationLabel } from './station';
import { radio, useRadio } from './store';

/**
 * The Media Session API: the lock screen and the system's media keys show the track (name, station,
 * thumbnail) and play / pause the radio.
 */
export function useMediaSession() {
  const { siteName } = useConfig();
  const track = useRadio((state) => state.current?.track ?? null);
  const station = useRadio((state) => state.station);
  const playback = useRadio((state) => state.playback);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.setActionHandler('play', () => radio.play());
    navigator.mediaSession.setActionHandler('pause', () => radio.pause());
    return () => {
      navigator.mediaSession.setActionHandler('play', null);
      navigator.mediaSession.setActionHandler('pause', null);
      navigator.mediaSession.metadata = null;
    };
  }, []);

  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    const artwork = thumbnailUrl('media', track?.thumbnail ?? null);
    navigator.mediaSession.metadata = track
      ? new MediaMetadata({
          title: track.name,
          artist: `${siteName} Radio, ${RADIO_FREQUENCY}`,
          album: stationLabel(station),
          artwork: artwork ? [{ src: new URL(artwork, window.location.href).href, sizes: '320x180', type: 'image/jpeg' }] : [],
        })
      : null;
  }, [track, station, siteName]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    // Buffering is still playing for the lock screen; a refused autoplay waits, like a pause.
    const states: Record<typeof playback, MediaSessionPlaybackState> = {
      playing: 'playing',
      loading: 'playing',
      paused: 'paused',
      blocked: 'paused',
      idle: 'none',
      error: 'none',
    };
    navigator.mediaSession.playbackState = states[playback];
  }, [playback]);
}
