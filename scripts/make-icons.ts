/**
 * The installed app's icons (web/public/icons/, committed), drawn from the site's logo
 * (web/public/favicon.svg: a pink-to-grape disc with a ring and a centre, a record):
 *
 *   npx tsx scripts/make-icons.ts
 *
 * - icon-192.png, icon-512.png: the logo as it is, on a transparent square ("any" in the manifest);
 * - maskable-512.png: full bleed (the launcher cuts it to its own shape: circle, squircle, square),
 *   the ring and centre inside the safe zone, the middle 80 % (a circle of radius 40 %);
 * - apple-touch-icon.png (180): iOS reads no manifest icons, and fills transparency with black.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.resolve(fileURLToPath(new URL('../web/public', import.meta.url)));
const out = path.join(web, 'icons');

const GRADIENT =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f06595"/><stop offset="1" stop-color="#be4bdb"/></linearGradient></defs>';

/** Full bleed: the gradient square; the logo's ring and centre well inside the safe zone (radius 25.6 of 64). */
const FULL_BLEED = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${GRADIENT}<rect width="64" height="64" fill="url(#g)"/><circle cx="32" cy="32" r="21" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="1.5"/><circle cx="32" cy="32" r="12.5" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="1.5"/><circle cx="32" cy="32" r="5" fill="#fff"/></svg>`;

async function render(svg: string | Buffer, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
  console.log(`${path.relative(process.cwd(), path.join(out, file))} (${size}x${size})`);
}

mkdirSync(out, { recursive: true });
const logo = readFileSync(path.join(web, 'favicon.svg'));
await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(FULL_BLEED, 512, 'maskable-512.png');
await render(FULL_BLEED, 180, 'apple-touch-icon.png');
