import { RADIO_STATIONS } from '../../../common/constants';
import type { Period } from '../../../common/enums';
import type { TopRadio } from '../../../common/stats';
import type { RadioTopRow } from './queries';

/** Every station, in RADIO_STATIONS order, with its ranked songs (none for a station that played nothing in the period). */
export function presentRadio(rows: RadioTopRow[], period: Period): TopRadio {
  return {
    what: 'radio',
    period,
    stations: RADIO_STATIONS.map((station) => ({
      station,
      items: rows.filter((row) => row.station === station).map(({ id, name, thumbnail, plays }) => ({ id, name, thumbnail, plays })),
    })),
  };
}
