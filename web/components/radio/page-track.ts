import { RADIO_PATHS } from '../../../common/constants';
import type { RadioTrack } from '../../../common/radio';
import { apiUrl } from '../../api/client';
import { pageReceivedAt, takePageAnswer } from '../../api/page-answers';
import { receive, stationPosition } from '../../lib/radio';
import { openingStation, radio, type Station } from './store';

/**
 * Seeds the radio with the station's current track as the /radio page's HTML carried it (GET
 * /api/radio/current, written by server/site/page-answers.ts), timed from when the HTML arrived, so
 * the first render shows it (issue 23: its thumbnail, preloaded by the HTML, is the page's largest
 * paint). Nothing when the page carried none (a later visit, another page loaded first) or the track
 * is over by now: the socket brings the next. Called by the /radio route's loader (web/router.tsx).
 */
export function seedFromPage(named: Station | undefined): void {
  const station = openingStation(radio.get(), named);
  const track = takePageAnswer<RadioTrack | null>(apiUrl(RADIO_PATHS.current, { station }));
  if (!track) return;
  const received = receive(track, pageReceivedAt());
  if (stationPosition(received, Date.now()) < track.duration) radio.seed(station, received);
}
