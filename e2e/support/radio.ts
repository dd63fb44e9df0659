import type { Page } from 'playwright-core';
import type { RadioTrack } from '../../common/radio';

/** The station's current track as the server tells a new listener, read through the page's own socket. */
export function serverTrack(page: Page, station: string): Promise<RadioTrack> {
  return page.evaluate(
    (name) =>
      new Promise<RadioTrack>((resolve, reject) => {
        const socket = new WebSocket(`ws://${location.host}/api/ws/radio?station=${name}`);
        socket.onmessage = (event) => {
          socket.close();
          resolve(JSON.parse(event.data as string) as RadioTrack);
        };
        socket.onerror = () => reject(new Error('The radio socket failed'));
      }),
    station,
  );
}

/** Seconds the track has left as the server saw it when it sent the message. */
export function secondsLeft(track: RadioTrack): number {
  return track.duration - (Date.parse(track.serverTime) - Date.parse(track.startedAt)) / 1000;
}

/**
 * The station's current track once it has at least `seconds` left: a track about to end on its own
 * would change the station in the middle of a test's steps. When it has less, this waits on the
 * station's socket for the next track (the server's own clock), not for a guessed time.
 */
export async function trackWithTimeLeft(page: Page, station: string, seconds: number): Promise<RadioTrack> {
  for (let tracks = 0; tracks < 5; tracks++) {
    const track = await serverTrack(page, station);
    if (secondsLeft(track) >= seconds) return track;
    await page.evaluate(
      ({ name, startedAt }) =>
        new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`ws://${location.host}/api/ws/radio?station=${name}`);
          socket.onmessage = (event) => {
            if ((JSON.parse(event.data as string) as { startedAt: string }).startedAt === startedAt) return;
            socket.close();
            resolve();
          };
          socket.onerror = () => reject(new Error('The radio socket failed'));
        }),
      { name: station, startedAt: track.startedAt },
    );
  }
  throw new Error(`No track on ${station} with ${seconds} s left in five tracks`);
}
