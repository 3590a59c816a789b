/**
 * Burial photos in three sizes for the detail page's srcset (320 / 800 / 1600 px): the 800 px
 * copy is written with the display file, removed with it, and a photo stored before it existed
 * answers its "-m" name with the display file instead of a 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, auth, createWithPhotos, imagesDir } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg, png } from './image-fixtures';

describe.each(engines)('burial photos: the 800 px size ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (file: string) =>
    h.app.inject({ method: 'GET', url: `/api/images/sepultados/${file}` });

  it('writes an 800 px copy beside the 1600 px display file and the 320 px thumbnail', async () => {
    const rec = await createWithPhotos(h, admin, [await jpeg(2400, 1800)]);
    const file = rec.images[0] ?? '';
    const medium = file.replace('.webp', '-m.webp');
    const sizes = async (name: string) => {
      const res = await get(name);
      expect(res.statusCode, name).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await sizes(file)).toEqual(['webp', 1600, 1200]);
    expect(await sizes(medium)).toEqual(['webp', 800, 600]);
    expect(await sizes(file.replace('.webp', '-t.webp'))).toEqual(['webp', 320, 240]);
    expect((await get(medium)).rawPayload.length).toBeLessThan((await get(file)).rawPayload.length);

    // Removing the photo removes every size.
    const removed = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
      payload: { removeImages: [file] },
    });
    expect(removed.statusCode).toBe(200);
    expect(fs.existsSync(path.join(imagesDir(h), medium))).toBe(false);
    expect((await get(medium)).statusCode).toBe(404);
  });

  it("a small photo's 800 px copy is the display image itself", async () => {
    const rec = await createWithPhotos(h, admin, [await png(300, 200)]);
    const file = rec.images[0] ?? '';
    const medium = (await get(file.replace('.webp', '-m.webp'))).rawPayload;
    expect(medium.equals((await get(file)).rawPayload)).toBe(true);
  });

  it('a photo stored before the 800 px size answers "-m" with its display file', async () => {
    const rec = await createWithPhotos(h, admin, [await jpeg(1200, 900)]);
    const file = rec.images[0] ?? '';
    const medium = file.replace('.webp', '-m.webp');
    fs.rmSync(path.join(imagesDir(h), medium));
    const res = await get(medium);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals((await get(file)).rawPayload)).toBe(true);
    // Names that are not ours still answer 404.
    expect((await get(`${'a'.repeat(31)}-m.webp`)).statusCode).toBe(404);
  });
});
