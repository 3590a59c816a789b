/**
 * Another front end (the original app's, during a migration; issue [C]) listed in CORS_ORIGINS
 * loads stored images cross-origin: they answer `Cross-Origin-Resource-Policy: cross-origin`,
 * while every other answer stays `same-origin`; without CORS_ORIGINS images stay same-origin too.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type Harness, startApp } from './helpers';

const ORIGIN = 'https://cemiterio-antigo.exemplo.gov.br';

async function storeFile(h: Harness): Promise<string> {
  const dir = path.join(h.dataDir, 'images', 'sepultados');
  fs.mkdirSync(dir, { recursive: true });
  const file = `${'ab'.repeat(16)}.webp`;
  const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#678' } })
    .webp()
    .toBuffer();
  fs.writeFileSync(path.join(dir, file), webp);
  return file;
}

describe.each(engines.slice(0, 1))('images for the origins of CORS_ORIGINS ($name)', (engine) => {
  let open: Harness;
  let listed: Harness;
  beforeAll(async () => {
    open = await startApp(engine);
    listed = await startApp(engine, { CORS_ORIGINS: ORIGIN });
  });
  afterAll(async () => {
    await open?.close();
    await listed?.close();
  });

  it('answers images cross-origin only when CORS_ORIGINS is set; the rest stays same-origin', async () => {
    for (const [h, expected] of [
      [open, 'same-origin'],
      [listed, 'cross-origin'],
    ] as const) {
      const file = await storeFile(h);
      const image = await h.app.inject({
        method: 'GET',
        url: `/api/images/sepultados/${file}`,
        headers: { origin: ORIGIN },
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['cross-origin-resource-policy']).toBe(expected);
      const json = await h.app.inject({
        method: 'GET',
        url: '/api/sepultados',
        headers: { origin: ORIGIN },
      });
      expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    const cors = await listed.app.inject({
      method: 'GET',
      url: '/api/sepultados',
      headers: { origin: ORIGIN },
    });
    expect(cors.headers['access-control-allow-origin']).toBe(ORIGIN);
  });
});
