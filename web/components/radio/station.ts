import type { Station } from './store';

/** What each station is called on screen. */
const LABELS: Record<Station, string> = { top: 'Top', everything: 'Everything' };

export const stationLabel = (station: Station) => LABELS[station];

/** `/radio`'s search: the station, when it is not the default. */
export const stationSearch = (station: Station): { station?: Station } => (station === 'top' ? {} : { station });
