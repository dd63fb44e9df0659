import { useEffect, useRef } from 'react';
import { RADIO_MAX_DRIFT_SECS } from '../../../common/constants';
import { isAbort } from '../../api/client';
import { useConfig } from '../../api/config';
import { radioHistory, useRadioSocket } from '../../api/radio';
import { isAdrift, stationPosition } from '../../lib/radio';
import { NO_REACTIONS } from '../../lib/reactions';
import { crowd } from './crowd';
import { useMediaSession } from './media-session';
import { createPlayer, type PlayerKind, playerKindOf } from './players';
import type { RadioPlayer } from './players/types';
import classes from './RadioEngine.module.css';
import { radio, type Station, useRadio } from './store';

/**
 * The radio's engine, mounted in the app shell once the radio has been opened (RadioDock), so it
 * keeps playing while the listener browses: the station's socket feeds the store, and one player
 * (chosen by the track's provider, or the sandbox's audio in demo mode) follows the station.
 * Loaded lazily: it brings zod (the socket's message check) and the players.
 */
export function RadioEngine() {
  const station = useRadio((state) => state.station);
  return (
    <>
      {/* A new socket per station: switching reconnects, and its status starts at "Connecting..." again. */}
      <StationSocket key={station} station={station} />
      <PlayerHost />
    </>
  );
}

function StationSocket({ station }: { station: Station }) {
  const { status, send } = useRadioSocket(
    station,
    (track) => {
      const before = radio.get().current?.track.startedAt;
      // The track that ends goes under Previously Played with its counts as last heard.
      const last = crowd.get().crowd;
      radio.track(track, last && last.startedAt === before ? last.reactions : NO_REACTIONS);
      crowd.track(track.startedAt);
    },
    // The new track's crowd may come before the track itself: it is kept for it.
    (message) => crowd.receive(message),
  );
  useEffect(() => radio.connection(status), [status]);
  useEffect(() => {
    crowd.attach(send);
    return () => {
      crowd.attach(null);
      crowd.reset();
    };
  }, [send]);
  // On each (re)connection: what the station played meanwhile goes under Previously Played.
  useEffect(() => {
    if (status !== 'Connected') return;
    const controller = new AbortController();
    radioHistory(station, controller.signal)
      .then((history) => radio.history(history))
      .catch((error: unknown) => {
        // Pushed tracks still fill the list; spec 8 has no failure text for this extra read.
        if (!isAbort(error)) console.error('Unable to retrieve the radio history', error);
      });
    return () => controller.abort();
  }, [station, status]);
  return null;
}

/** How often the player's position is compared with the station's. */
const DRIFT_CHECK_MS = 1000;

function PlayerHost() {
  const { radioAudioBase } = useConfig();
  const current = useRadio((state) => state.current);
  const hostRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<{ kind: PlayerKind; player: RadioPlayer } | null>(null);
  const loadedRef = useRef<string | null>(null);
  /** The listener pressed pause: a new track loads but waits for play. */
  const pausedRef = useRef(false);
  useMediaSession();

  useEffect(
    () => () => {
      radio.attach(null);
      playerRef.current?.player.destroy();
      playerRef.current = null;
      radio.playback('idle');
    },
    [],
  );

  useEffect(() => {
    const host = hostRef.current;
    if (!current || !host) return;
    const key = `${current.track.id}@${current.track.startedAt}`;
    // The same track again (a reconnect): only the clock offset changed, which the drift check uses.
    if (loadedRef.current === key && playerRef.current) return;
    loadedRef.current = key;
    const kind = playerKindOf(current.track, radioAudioBase);
    if (playerRef.current?.kind !== kind) {
      playerRef.current?.player.destroy();
      const player = createPlayer(kind, radioAudioBase, { host, volume: radio.get().volume, onPlayback: radio.playback });
      playerRef.current = { kind, player };
      radio.attach({
        play: () => {
          pausedRef.current = false;
          player.play();
        },
        pause: () => {
          pausedRef.current = true;
          player.pause();
        },
        setVolume: (volume) => player.setVolume(volume),
      });
    }
    const { player } = playerRef.current!;
    player.load(current.track, () => {
      const now = radio.get().current;
      return now ? stationPosition(now, Date.now()) : 0;
    });
    if (pausedRef.current) player.pause();
  }, [current, radioAudioBase]);

  // A player more than RADIO_MAX_DRIFT_SECS off the station's position is moved back to it.
  useEffect(() => {
    const timer = setInterval(() => {
      const { current: now, playback } = radio.get();
      const player = playerRef.current?.player;
      const at = player?.position();
      if (!now || !player || playback !== 'playing' || at === null || at === undefined) return;
      const expected = stationPosition(now, Date.now());
      if (expected < now.track.duration && isAdrift(at, expected, RADIO_MAX_DRIFT_SECS)) player.seek(expected);
    }, DRIFT_CHECK_MS);
    return () => clearInterval(timer);
  }, []);

  return <div ref={hostRef} className={classes.host} aria-hidden />;
}
