/**
 * The demo cemetery's plan, drawn at run time (no binary asset in the repo): a lawn, a wall,
 * paths in a grid and grave blocks (quadras), shapes only. It covers the area where the demo's
 * graves lie (CEMETERY_CENTER ± a little more than their spread), so a new install shows the
 * map's overlay under the markers instead of a grey map. Goes through the real plan pipeline.
 */
import type { Bounds } from '../../../src/domain/geo';
import type { AppContext } from '../../context';
import { loadSharp } from '../../lib/images';
import { getPlan, savePlan } from '../map/public';
import { CEMETERY_CENTER } from './seed-names';

/** Graves are placed at the centre ± 0.0009°; the plan reaches a little beyond. */
const HALF_SPAN = 0.0012;

export const DEMO_PLAN_BOUNDS: Bounds = {
  south: CEMETERY_CENTER.latitude - HALF_SPAN,
  north: CEMETERY_CENTER.latitude + HALF_SPAN,
  west: CEMETERY_CENTER.longitude - HALF_SPAN,
  east: CEMETERY_CENTER.longitude + HALF_SPAN,
};

async function drawDemoPlan(size = 1200): Promise<Buffer> {
  const cells = 6;
  const path = 28;
  const margin = 40;
  const cell = (size - 2 * margin) / cells;
  const blocks: string[] = [];
  for (let r = 0; r < cells; r++) {
    for (let c = 0; c < cells; c++) {
      const x = margin + c * cell + path / 2;
      const y = margin + r * cell + path / 2;
      const shade = 52 + ((r * 7 + c * 3) % 5) * 3;
      blocks.push(
        `<rect x="${x}" y="${y}" width="${cell - path}" height="${cell - path}" rx="8" fill="hsl(95,28%,${shade}%)" stroke="#7d8a6c" stroke-width="2"/>`,
      );
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <rect width="${size}" height="${size}" fill="#e9e4d8"/>
  <rect x="${margin / 2}" y="${margin / 2}" width="${size - margin}" height="${size - margin}" fill="none" stroke="#8b7d6b" stroke-width="10"/>
  ${blocks.join('\n  ')}
  <circle cx="${size / 2}" cy="${size / 2}" r="${cell * 0.35}" fill="#cfc6b2" stroke="#8b7d6b" stroke-width="4"/>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** With the demo records: a plan, unless one is already there. */
export async function seedDemoPlan(ctx: AppContext): Promise<void> {
  if (await getPlan(ctx)) return;
  await savePlan(ctx, { image: await drawDemoPlan(), bounds: DEMO_PLAN_BOUNDS });
}
