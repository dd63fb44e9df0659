/** A small seeded generator (mulberry32) so the demo world is the same on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
    return out;
  };
  const id = (length: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_') =>
    Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  /** Heavy-tailed view counts: most items modest, a few very popular. */
  const views = (scale: number) => Math.floor(scale * (1 / (0.02 + next())) ** 1.3);
  return { next, int, pick, chance, sample, id, views };
}
export type Random = ReturnType<typeof seededRandom>;
