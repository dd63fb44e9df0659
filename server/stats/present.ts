import type { Stats } from '../../common/api';
import type { StatsRows } from './queries';

/** The aggregates as the API shows them: durations in seconds, every provider present. */
export function presentStats(rows: StatsRows): Stats {
  const provider = (name: string) => {
    const row = rows.byProvider.find((r) => r.provider === name);
    return { mediaCount: row?.n ?? 0, mediaDuration: Number(row?.seconds ?? 0) };
  };
  return {
    streamCount: rows.streams?.n ?? 0,
    streamDuration: Number(rows.streams?.seconds ?? 0),
    clipCount: rows.clips?.n ?? 0,
    tagStats: rows.tags,
    providerStats: { youtube: provider('youtube'), sound_cloud: provider('sound_cloud') },
  };
}
