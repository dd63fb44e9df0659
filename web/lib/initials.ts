/**
 * The account avatar's text: the first letters of the display name's first two words, so accounts
 * that share a prefix still differ ("demo_viewer" → "DV", "demo_admin" → "DA"). Words split at
 * spaces, "_", "-", "." and lower-to-upper case changes ("NovaMusic" → "NM"); a single word gives
 * its first two letters ("nova" → "NO").
 */
export function initials(displayName: string): string {
  const words = displayName
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word !== '');
  const [first, second] = words;
  if (first === undefined) return '?';
  const letters = second === undefined ? [...first].slice(0, 2) : [[...first][0], [...second][0]];
  return letters.join('').toUpperCase();
}
