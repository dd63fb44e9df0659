/**
 * Generates the demo thumbnails: 16 abstract 320x180 JPEGs per kind, drawn as SVG and encoded by
 * sharp, deterministic (a seeded generator, no fonts, no clock), so running it again gives the same
 * pictures. The output is committed under server/demo/thumbnails/{kind}/01.jpg..16.jpg, where the
 * app serves it at /images/thumbnails/{kind}/{file}.
 *
 *   npx tsx server/demo/make-thumbnails.ts [--preview sheet.png]
 *
 * --preview also writes one contact sheet of all 64 images (for looking at them).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { type Random, seededRandom } from './random';
import { DEMO_THUMBNAILS_PER_KIND } from './world';

const W = 320;
const H = 180;
const OUT = fileURLToPath(new URL('./thumbnails', import.meta.url));

type Kind = 'media' | 'streams' | 'playlists' | 'clips';
const KINDS: Kind[] = ['media', 'streams', 'playlists', 'clips'];

interface Palette {
  /** background gradient, dark */
  from: string;
  to: string;
  /** main accent and a lighter tint of it */
  accent: string;
  soft: string;
  /** second hue */
  alt: string;
}

/** Dark grounds with the site's pink (#e64980) family first, and a few neighbouring hues for variety. */
const PALETTES: Palette[] = [
  { from: '#1b1530', to: '#4a1538', accent: '#e64980', soft: '#faa2c1', alt: '#845ef7' },
  { from: '#10182e', to: '#2c1f5c', accent: '#f06595', soft: '#fcc2d7', alt: '#22b8cf' },
  { from: '#24102a', to: '#5c1a3f', accent: '#d6336c', soft: '#f783ac', alt: '#fd7e14' },
  { from: '#0f1d2b', to: '#123d4d', accent: '#e64980', soft: '#ffdeeb', alt: '#15aabf' },
  { from: '#1d1230', to: '#3d1a66', accent: '#be4bdb', soft: '#eebefa', alt: '#e64980' },
  { from: '#1a1320', to: '#502030', accent: '#ff6b6b', soft: '#ffc9c9', alt: '#e64980' },
  { from: '#121a33', to: '#243b7a', accent: '#5c7cfa', soft: '#bac8ff', alt: '#f06595' },
  { from: '#1c1424', to: '#3a1f2f', accent: '#f59f00', soft: '#ffe066', alt: '#e64980' },
];

const f = (n: number) => Number(n.toFixed(1));

function background(r: Random, p: Palette, id: string): { defs: string; body: string } {
  const angle = r.int(0, 3);
  const [x1, y1, x2, y2] = [
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0, 0, 0, 1],
  ][angle]!;
  const gx = f(r.next() * W);
  const gy = f(r.next() * H);
  return {
    defs: `<linearGradient id="${id}bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>
<radialGradient id="${id}glow" cx="${gx}" cy="${gy}" r="${f(120 + r.next() * 80)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${p.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>`,
    body: `<rect width="${W}" height="${H}" fill="url(#${id}bg)"/><rect width="${W}" height="${H}" fill="url(#${id}glow)"/>`,
  };
}

/** A smooth random curve in 0..1 sampled at n points (a few summed sines). */
function smooth(r: Random, n: number): number[] {
  const waves = Array.from({ length: 3 }, () => ({ k: 1 + r.next() * 5, phase: r.next() * Math.PI * 2, amp: 0.3 + r.next() * 0.7 }));
  const total = waves.reduce((s, w) => s + w.amp, 0);
  return Array.from({ length: n }, (_, i) => {
    const t = i / Math.max(1, n - 1);
    const v = waves.reduce((s, w) => s + w.amp * Math.sin(w.k * t * Math.PI * 2 + w.phase), 0) / total;
    return 0.5 + 0.5 * v;
  });
}

function waveformBars(r: Random, p: Palette, id: string, x0: number, x1: number, cy: number, maxHalf: number): string {
  const step = 6;
  const count = Math.floor((x1 - x0) / step);
  const levels = smooth(r, count);
  const bars = levels.map((level, i) => {
    const half = f(3 + maxHalf * (0.25 + 0.75 * level) * (0.75 + 0.25 * r.next()));
    return `<rect x="${f(x0 + i * step)}" y="${f(cy - half)}" width="3.4" height="${f(half * 2)}" rx="1.7"/>`;
  });
  return `<linearGradient id="${id}wave" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.soft}"/><stop offset="1" stop-color="${p.accent}"/></linearGradient>
<g fill="url(#${id}wave)" opacity="0.9">${bars.join('')}</g>`;
}

/** Songs: a vinyl disc with an accent label beside (or under) a waveform. */
function mediaArt(r: Random, p: Palette, id: string): string {
  const bg = background(r, p, id);
  const large = r.chance(0.4);
  const radius = large ? r.int(78, 92) : r.int(56, 66);
  const discLeft = r.chance(0.5);
  const cx = large ? (discLeft ? r.int(40, 70) : r.int(250, 280)) : discLeft ? r.int(78, 96) : r.int(224, 242);
  const cy = large ? r.int(70, 100) : r.int(82, 96);
  const grooves = Array.from({ length: 7 }, (_, i) => {
    const gr = f(radius * (0.42 + i * 0.075));
    return `<circle cx="${cx}" cy="${cy}" r="${gr}" fill="none" stroke="#ffffff" stroke-opacity="${i % 2 ? 0.05 : 0.09}" stroke-width="1"/>`;
  }).join('');
  const label = f(radius * 0.3);
  const sheen = `<path d="M ${f(cx - radius * 0.7)} ${f(cy - radius * 0.7)} A ${radius} ${radius} 0 0 1 ${f(cx + radius * 0.7)} ${f(cy - radius * 0.7)} L ${cx} ${cy} Z" fill="#ffffff" opacity="0.07"/>`;
  const disc = `<circle cx="${cx + 4}" cy="${cy + 6}" r="${radius}" fill="#000000" opacity="0.35"/>
<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#121218"/>${grooves}${sheen}
<circle cx="${cx}" cy="${cy}" r="${label}" fill="url(#${id}label)"/><circle cx="${cx}" cy="${cy}" r="${f(label * 0.35)}" fill="${p.soft}" opacity="0.5"/><circle cx="${cx}" cy="${cy}" r="2.6" fill="#121218"/>`;
  const labelGradient = `<linearGradient id="${id}label" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.alt}"/></linearGradient>`;
  let wave: string;
  if (large) {
    // The disc runs off one edge; the waveform fills the rest.
    const [x0, x1] = discLeft ? [cx + radius + 14, W - 16] : [16, cx - radius - 14];
    wave = waveformBars(r, p, id, x0, x1, r.int(84, 100), r.int(38, 52));
  } else {
    const [x0, x1] = discLeft ? [cx + radius + 18, W - 18] : [18, cx - radius - 18];
    wave = waveformBars(r, p, id, x0, x1, cy, r.int(30, 44));
  }
  return svg(`${bg.defs}${labelGradient}`, `${bg.body}${wave}${disc}`);
}

/** Streams: a stage under spotlights, a crowd, and a video player's progress bar (a past broadcast). */
function streamArt(r: Random, p: Palette, id: string): string {
  const bg = background(r, p, id);
  const beams = r.int(3, 5);
  const floor = r.int(118, 132);
  const beamDefs = `<linearGradient id="${id}beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.soft}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0.05"/></linearGradient>
<linearGradient id="${id}beam2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.alt}" stop-opacity="0.5"/><stop offset="1" stop-color="${p.alt}" stop-opacity="0.03"/></linearGradient>
<linearGradient id="${id}floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.to}"/><stop offset="1" stop-color="${p.from}"/></linearGradient>
<radialGradient id="${id}pool" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${p.soft}" stop-opacity="0.5"/><stop offset="1" stop-color="${p.soft}" stop-opacity="0"/></radialGradient>`;
  const centre = r.int(120, 200);
  const rays = Array.from({ length: beams }, (_, i) => {
    const top = f(20 + ((W - 40) * (i + 0.5)) / beams + (r.next() - 0.5) * 30);
    const target = f(centre + (r.next() - 0.5) * 90);
    const spread = r.int(22, 40);
    return `<polygon points="${top - 5},-4 ${top + 5},-4 ${target + spread},${floor} ${target - spread},${floor}" fill="url(#${id}${i % 2 ? 'beam2' : 'beam'})"/>`;
  }).join('');
  const lamps = Array.from({ length: 9 }, (_, i) => `<circle cx="${f(16 + i * 36)}" cy="6" r="3" fill="${p.soft}" opacity="0.8"/>`).join(
    '',
  );
  const stage = `<rect x="0" y="${floor}" width="${W}" height="${H - floor}" fill="url(#${id}floor)"/>
<ellipse cx="${centre}" cy="${floor + 4}" rx="80" ry="12" fill="url(#${id}pool)"/>
<g fill="#0a0a10"><rect x="${centre - 1.5}" y="${floor - 44}" width="3" height="44"/><rect x="${centre - 14}" y="${floor - 2}" width="28" height="3" rx="1.5"/><rect x="${centre - 4}" y="${floor - 56}" width="8" height="14" rx="4"/></g>`;
  const heads = [];
  for (let x = -6; x < W + 12; x += r.int(14, 22)) {
    const hr = r.int(9, 13);
    const hy = H - r.int(12, 22);
    heads.push(
      `<circle cx="${x}" cy="${hy}" r="${hr}"/><rect x="${x - hr - 3}" y="${hy + hr - 4}" width="${2 * hr + 6}" height="30" rx="${hr}"/>`,
    );
  }
  const crowd = `<g fill="#06060a" opacity="0.92">${heads.join('')}</g>`;
  const played = f(14 + (W - 28) * (0.15 + r.next() * 0.7));
  const player = `<rect x="14" y="${H - 11}" width="${W - 28}" height="4" rx="2" fill="#ffffff" opacity="0.28"/>
<rect x="14" y="${H - 11}" width="${played - 14}" height="4" rx="2" fill="${p.accent}"/>
<circle cx="${played}" cy="${H - 9}" r="5.5" fill="#ffffff"/><circle cx="${played}" cy="${H - 9}" r="3" fill="${p.accent}"/>`;
  return svg(`${bg.defs}${beamDefs}`, `${bg.body}${lamps}${rays}${stage}${crowd}${player}`);
}

/** Playlists: a fanned stack of cover cards beside a track list. */
function playlistArt(r: Random, p: Palette, id: string): string {
  const bg = background(r, p, id);
  const coverLeft = r.chance(0.6);
  const cardW = 112;
  const cardH = 112;
  const x = coverLeft ? r.int(30, 48) : r.int(170, 186);
  const y = r.int(30, 40);
  const fills = [p.alt, p.soft, p.accent];
  const defs = `<linearGradient id="${id}front" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.alt}"/></linearGradient>`;
  const back = [-13, -6]
    .map(
      (angle, i) =>
        `<rect x="${x}" y="${y}" width="${cardW}" height="${cardH}" rx="10" fill="${fills[i]}" opacity="${0.5 + i * 0.2}" transform="rotate(${angle + r.int(-2, 2)} ${x + cardW / 2} ${y + cardH})"/>`,
    )
    .join('');
  const tilt = r.int(1, 4);
  // Cover art on the front card: concentric arcs or stacked circles.
  const ccx = x + cardW / 2;
  const ccy = y + cardH / 2;
  const motif = r.chance(0.5)
    ? Array.from(
        { length: 4 },
        (_, i) =>
          `<circle cx="${ccx}" cy="${ccy}" r="${12 + i * 12}" fill="none" stroke="#ffffff" stroke-opacity="${0.5 - i * 0.1}" stroke-width="3"/>`,
      ).join('')
    : Array.from(
        { length: 3 },
        (_, i) =>
          `<circle cx="${f(ccx - 22 + i * 22)}" cy="${f(ccy + (i % 2 ? -12 : 12))}" r="${r.int(16, 24)}" fill="#ffffff" opacity="${0.18 + i * 0.08}"/>`,
      ).join('');
  const front = `<g transform="rotate(${tilt} ${x + cardW / 2} ${y + cardH})"><rect x="${x + 3}" y="${y + 5}" width="${cardW}" height="${cardH}" rx="10" fill="#000000" opacity="0.35"/>
<rect x="${x}" y="${y}" width="${cardW}" height="${cardH}" rx="10" fill="url(#${id}front)"/>${motif}</g>`;
  const listX = coverLeft ? x + cardW + 28 : 22;
  const listW = coverLeft ? W - listX - 20 : x - listX - 24;
  const rows = Array.from({ length: 5 }, (_, i) => {
    const ry = 40 + i * 22;
    const active = i === r.int(0, 4);
    const len = f(listW * (0.45 + r.next() * 0.4));
    return `<rect x="${listX}" y="${ry - 8}" width="16" height="16" rx="4" fill="${active ? p.accent : '#ffffff'}" opacity="${active ? 1 : 0.22}"/>
<rect x="${listX + 24}" y="${ry - 5}" width="${len}" height="5" rx="2.5" fill="#ffffff" opacity="${active ? 0.9 : 0.45}"/>
<rect x="${listX + 24}" y="${ry + 3}" width="${f(len * 0.55)}" height="3" rx="1.5" fill="#ffffff" opacity="0.2"/>`;
  }).join('');
  return svg(`${bg.defs}${defs}`, `${bg.body}${back}${front}${rows}`);
}

/** Clips: a frame of film (sprocket holes above and below) holding a burst, with a play button. */
function clipArt(r: Random, p: Palette, id: string): string {
  const band = 22;
  const bx = r.int(80, 240);
  const by = r.int(60, 120);
  const rays = r.int(12, 20);
  const twist = r.next() * Math.PI;
  const far = 400;
  const burst = Array.from({ length: rays }, (_, i) => {
    const a0 = twist + (i / rays) * Math.PI * 2;
    const a1 = a0 + (Math.PI / rays) * 0.9;
    return `<polygon points="${bx},${by} ${f(bx + far * Math.cos(a0))},${f(by + far * Math.sin(a0))} ${f(bx + far * Math.cos(a1))},${f(by + far * Math.sin(a1))}"/>`;
  }).join('');
  const defs = `<linearGradient id="${id}frame" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.to}"/><stop offset="1" stop-color="${p.from}"/></linearGradient>
<radialGradient id="${id}flash" cx="${bx}" cy="${by}" r="110" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${p.soft}" stop-opacity="0.9"/><stop offset="0.35" stop-color="${p.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>
<clipPath id="${id}clip"><rect x="10" y="${band + 4}" width="${W - 20}" height="${H - 2 * band - 8}" rx="6"/></clipPath>`;
  const holes = (y: number) =>
    Array.from({ length: 16 }, (_, i) => `<rect x="${6 + i * 20}" y="${y}" width="11" height="9" rx="2"/>`).join('');
  const sparks = Array.from({ length: 10 }, () => {
    const a = r.next() * Math.PI * 2;
    const d = 30 + r.next() * 90;
    return `<circle cx="${f(bx + d * Math.cos(a))}" cy="${f(by + d * Math.sin(a))}" r="${f(1.5 + r.next() * 2.5)}" fill="#ffffff" opacity="${f(0.4 + r.next() * 0.5)}"/>`;
  }).join('');
  const px = r.chance(0.5) ? 46 : W - 46;
  const play = `<circle cx="${px}" cy="${H - band - 24}" r="15" fill="#ffffff" opacity="0.92"/><polygon points="${px - 5},${H - band - 32} ${px - 5},${H - band - 16} ${px + 8},${H - band - 24}" fill="${p.accent}"/>`;
  const body = `<rect width="${W}" height="${H}" fill="#0b0b10"/>
<g clip-path="url(#${id}clip)"><rect width="${W}" height="${H}" fill="url(#${id}frame)"/><g fill="${p.alt}" opacity="0.22">${burst}</g><rect width="${W}" height="${H}" fill="url(#${id}flash)"/>${sparks}${play}</g>
<g fill="#e9e6ef" opacity="0.85">${holes(7)}${holes(H - 16)}</g>`;
  return svg(defs, body);
}

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

const ART: Record<Kind, (r: Random, p: Palette, id: string) => string> = {
  media: mediaArt,
  streams: streamArt,
  playlists: playlistArt,
  clips: clipArt,
};

/** The SVG of thumbnail `n` (1-based) of a kind; the same every run. */
export function thumbnailSvg(kind: Kind, n: number): string {
  const r = seededRandom(KINDS.indexOf(kind) * 1000 + n * 7 + 11);
  // Every palette appears twice per kind, in a different order for each kind.
  const palette = PALETTES[(n - 1 + KINDS.indexOf(kind) * 3) % PALETTES.length]!;
  return ART[kind](r, palette, `k${n}`);
}

async function main() {
  const { values } = parseArgs({ options: { preview: { type: 'string' } } });
  const tiles: { input: Buffer; left: number; top: number }[] = [];
  for (const [row, kind] of KINDS.entries()) {
    const dir = path.join(OUT, kind);
    mkdirSync(dir, { recursive: true });
    for (let n = 1; n <= DEMO_THUMBNAILS_PER_KIND; n++) {
      const file = path.join(dir, `${String(n).padStart(2, '0')}.jpg`);
      const jpeg = await sharp(Buffer.from(thumbnailSvg(kind, n)))
        .jpeg({ quality: 70, mozjpeg: true })
        .toBuffer();
      writeFileSync(file, jpeg);
      if (values.preview) tiles.push({ input: jpeg, left: ((n - 1) % 8) * (W + 4), top: (row * 2 + Math.floor((n - 1) / 8)) * (H + 4) });
    }
    console.log(`${kind}: ${DEMO_THUMBNAILS_PER_KIND} thumbnails in ${path.relative(process.cwd(), dir)}`);
  }
  if (values.preview) {
    await sharp({ create: { width: 8 * (W + 4), height: 8 * (H + 4), channels: 3, background: '#ffffff' } })
      .composite(tiles)
      .png()
      .toFile(values.preview);
    console.log(`contact sheet: ${values.preview}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
