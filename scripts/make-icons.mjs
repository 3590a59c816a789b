/**
 * Draws the app's icons and placeholder images from SVG written here, so they can be
 * regenerated after a palette change: `node scripts/make-icons.mjs`.
 * Flat shapes plus palette PNGs keep every file to a few KB (they are precached by the SW).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pub = join(root, 'public');

const GREEN = '#3b4a3f';
const CREAM = '#f7f5f0';
const GOLD = '#d9b45a';

/** A memorial candle: body, wick and flame, on a 100×100 grid. */
function candle(scale = 1, cx = 50, cy = 50) {
  const t = `translate(${cx} ${cy}) scale(${scale}) translate(-50 -50)`;
  return `<g transform="${t}">
    <path d="M50 12c9 12 14 20 14 28a14 14 0 0 1-28 0c0-8 5-16 14-28z" fill="${CREAM}"/>
    <path d="M50 26c4 6 6 10 6 14a6 6 0 0 1-12 0c0-4 2-8 6-14z" fill="${GOLD}"/>
    <rect x="48.5" y="52" width="3" height="6" fill="${CREAM}"/>
    <rect x="37" y="58" width="26" height="28" rx="2" fill="${CREAM}"/>
    <rect x="30" y="86" width="40" height="4" rx="2" fill="${CREAM}"/>
  </g>`;
}

function emblem({ radius = 22, scale = 0.9 } = {}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="${radius}" fill="${GREEN}"/>
  ${candle(scale)}
</svg>`;
}

/** A headstone on a lawn: the "no photo" picture for burial cards and details. */
function headstone(w, h) {
  const sw = w * 0.36;
  const sh = h * 0.56;
  const x = (w - sw) / 2;
  const y = h * 0.2;
  const r = sw / 2;
  const line = (dy, len) =>
    `<rect x="${w / 2 - len / 2}" y="${y + r + dy}" width="${len}" height="${h * 0.025}" rx="${h * 0.012}" fill="#8f8777"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">
  <rect width="${w}" height="${h}" fill="#ebe7de"/>
  <rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="#c9cdb9"/>
  <path d="M${x} ${y + sh}V${y + r}a${r} ${r} 0 0 1 ${sw} 0V${y + sh}z" fill="#b3ab9b"/>
  ${line(h * 0.02, sw * 0.5)}
  ${line(h * 0.08, sw * 0.62)}
  ${line(h * 0.14, sw * 0.4)}
  <rect x="${x - sw * 0.1}" y="${y + sh}" width="${sw * 1.2}" height="${h * 0.05}" fill="#9d9585"/>
</svg>`;
}

/** A neutral person silhouette for users without a photo. */
function person(size, round) {
  const bg = round
    ? `<circle cx="50" cy="50" r="50" fill="#dcd7cc"/>`
    : `<rect width="100" height="100" fill="#dcd7cc"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${size}" height="${size}">
  ${round ? '<defs><clipPath id="c"><circle cx="50" cy="50" r="50"/></clipPath></defs>' : ''}
  ${bg}
  <g ${round ? 'clip-path="url(#c)"' : ''} fill="#9f978a">
    <circle cx="50" cy="38" r="18"/>
    <path d="M14 100c0-22 16-36 36-36s36 14 36 36z"/>
  </g>
</svg>`;
}

async function png(svg, size, file, { width = size, height = size } = {}) {
  const out = join(pub, file);
  await mkdir(dirname(out), { recursive: true });
  await sharp(Buffer.from(svg), { density: 300 })
    .resize(width, height)
    .png({ palette: true, compressionLevel: 9, effort: 10 })
    .toFile(out);
  return out;
}

async function main() {
  const made = [];
  made.push(await png(emblem(), 192, 'icons/icon-192.png'));
  made.push(await png(emblem(), 512, 'icons/icon-512.png'));
  // Maskable: full-bleed background, the candle inside the central 80% safe zone.
  made.push(await png(emblem({ radius: 0, scale: 0.62 }), 512, 'icons/maskable-512.png'));
  // iOS adds its own rounded corners and shows transparency as black.
  made.push(await png(emblem({ radius: 0, scale: 0.8 }), 180, 'icons/apple-touch-icon.png'));

  made.push(await png(headstone(480, 360), 0, 'sep.png', { width: 480, height: 360 }));
  made.push(await png(headstone(640, 480), 0, 'sepultura-padrao.png', { width: 640, height: 480 }));
  made.push(await png(person(128, true), 128, 'avatar-default.png'));

  const jpg = join(pub, 'usuario-padrao.jpg');
  await sharp(Buffer.from(person(256, false)))
    .resize(256, 256)
    .jpeg({ quality: 72, mozjpeg: true })
    .toFile(jpg);
  made.push(jpg);

  // Vector copies for the navbar logo and the favicon.
  await writeFile(join(pub, 'icons/logo.svg'), `${emblem()}\n`);
  await writeFile(join(pub, 'favicon.svg'), `${emblem()}\n`);
  made.push(join(pub, 'icons/logo.svg'), join(pub, 'favicon.svg'));

  for (const f of made) console.log(f.replace(`${root}/`, ''));
}

await main();
