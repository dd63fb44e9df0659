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
