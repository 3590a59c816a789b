/**
 * Demo photos drawn at run time (no binary assets in the repo): a sky, a lawn, a headstone with
 * a cross and some flowers, in colours that vary with the index. Shapes only, no text, so no
 * font is needed. They then go through the real upload pipeline like any photo.
 */
import { loadSharp } from '../../lib/images';

export async function drawDemoPhoto(index: number, width = 1200, height = 900): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const stoneX = width * (0.3 + ((index * 13) % 30) / 100);
  const stoneW = width * 0.28;
  const stoneH = height * 0.42;
  const ground = height * 0.62;
  // A headstone: straight sides, an arched top, its foot a little into the lawn.
  const top = ground + stoneH * 0.2 - stoneH;
  const foot = ground + stoneH * 0.2;
  const r = stoneW / 2;
  const stone = `M ${stoneX} ${foot} L ${stoneX} ${top + r} A ${r} ${r} 0 0 1 ${stoneX + stoneW} ${top + r} L ${stoneX + stoneW} ${foot} Z`;
  const flowers = Array.from({ length: 7 }, (_, i) => {
    const x = stoneX - stoneW * 0.2 + ((i * 97 + index * 31) % Math.round(stoneW * 1.4));
    const y = ground + stoneH * 0.3 + ((i * 53) % 40);
    const fh = (hue + i * 40) % 360;
    return `<circle cx="${x}" cy="${y}" r="${10 + (i % 3) * 4}" fill="hsl(${fh},75%,60%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${(hue + 200) % 360},55%,72%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 30) % 360},60%,88%)"/>
    </linearGradient>
    <linearGradient id="stone" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#c9c6c0"/><stop offset="1" stop-color="#8e8a84"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <rect y="${ground}" width="${width}" height="${height - ground}" fill="hsl(${100 + (index % 5) * 8},40%,38%)"/>
  <path d="${stone}" fill="url(#stone)"/>
  <rect x="${stoneX + stoneW / 2 - 8}" y="${top + stoneW * 0.22}" width="16" height="${stoneH * 0.38}" fill="#6f6b66"/>
  <rect x="${stoneX + stoneW / 2 - 40}" y="${top + stoneW * 0.3}" width="80" height="16" fill="#6f6b66"/>
  ${flowers}
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
