/** Provider duration formats, to whole seconds. */

const ISO = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** YouTube's ISO 8601 durations: PT15M51S, PT1H2M, P1DT2H, P0D (live or upcoming). Null when unreadable. */
export function parseIsoDuration(value: string): number | null {
  const m = ISO.exec(value.trim());
  if (!m || value.trim() === 'P' || value.trim().endsWith('T')) return null;
  const [, weeks, days, hours, minutes, seconds] = m;
  const n = (v: string | undefined) => (v ? Number(v) : 0);
  return Math.round(n(weeks) * 604_800 + n(days) * 86_400 + n(hours) * 3600 + n(minutes) * 60 + n(seconds));
}

const TWITCH = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** Twitch video durations: 3h2m1s, 45m, 12s. Null when unreadable. */
export function parseTwitchDuration(value: string): number | null {
  const m = TWITCH.exec(value.trim());
  if (!m || value.trim() === '') return null;
  const [, h, min, s] = m;
  return Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + Number(s ?? 0);
}

/** Seconds as Twitch writes durations (3h2m1s), for the sandbox. */
export function formatTwitchDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s % 60}s`;
}

/** Seconds as YouTube writes durations (PT1H2M3S), for the sandbox. */
export function formatIsoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  if (s === 0) return 'P0D';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s % 60 ? `${s % 60}S` : ''}`;
}
