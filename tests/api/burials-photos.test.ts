import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BurialRecord } from '../../src/domain/burial-types';
import { UPLOAD_MSG } from '../../src/domain/upload-rules';
import {
  type Actor,
  actor,
  auth,
  createWithPhotos,
  type FilePart,
  imagesDir,
  multipartBody,
  photo,
  storedFiles,
} from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import {
  avif,
  gif,
  gifScriptPolyglot,
  htmlPage,
  jpeg,
  jpegWithGps,
  jpegWithPhp,
  phpScript,
  png,
  pngClaiming,
  svgWithScript,
  truncatedJpeg,
  webp,
} from './image-fixtures';

const FIELDS = { nome: 'Helena Ribeiro', dtFal: '2018-04-09', quadra: '4', chapa: '0077' };

describe.each(engines)('sepultados: photos ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const send = async (
    method: 'POST' | 'PATCH',
    url: string,
    fields: Record<string, string | string[]>,
    files: FilePart[],
  ) => {
    const { payload, headers } = await multipartBody(fields, files);
    return h.app.inject({ method, url, headers: { ...auth(admin), ...headers }, payload });
  };
  const countRecords = async () =>
    Number(
      (
        await h.app.ctx.database.sql.query<{ n: string }>('select count(*)::text n from sepultados')
      )[0]?.n,
    );

  it.each([
    ['JPEG', () => jpeg(2400, 1800), 1600, 1200],
    ['PNG', () => png(300, 200), 300, 200],
    ['WebP', () => webp(300, 200), 300, 200],
    ['AVIF', () => avif(120, 90), 120, 90],
    ['GIF', () => gif(120, 90), 120, 90],
  ])('accepts a real %s and stores a re-encoded WebP and thumbnail', async (_n, make, w, hgt) => {
    const rec = await createWithPhotos(h, admin, [await make()]);
    const file = rec.images[0] ?? '';
    const thumb = rec.thumbs[0] ?? '';
    expect(file).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(thumb).toBe(file.replace('.webp', '-t.webp'));
    const display = await sharp(path.join(imagesDir(h), file)).metadata();
    expect([display.format, display.width, display.height]).toEqual(['webp', w, hgt]);
    const small = await sharp(path.join(imagesDir(h), thumb)).metadata();
    expect(Math.max(small.width ?? 0, small.height ?? 0)).toBeLessThanOrEqual(320);
  });

  it('serves stored images with the type and a one-year immutable cache', async () => {
    const rec = await createWithPhotos(h, admin, [await jpeg()]);
    for (const file of [rec.images[0], rec.thumbs[0]]) {
      const res = await h.app.inject({ method: 'GET', url: `/api/images/sepultados/${file}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('strips EXIF (GPS, camera) and applies the orientation', async () => {
    const original = await jpegWithGps(400, 200);
    const meta = await sharp(original).metadata();
    expect(meta.exif).toBeDefined();
    expect(meta.orientation).toBe(6);
    const rec = await createWithPhotos(h, admin, [original]);
    const stored = fs.readFileSync(path.join(imagesDir(h), rec.images[0] ?? ''));
    const out = await sharp(stored).metadata();
    expect(out.exif).toBeUndefined();
    expect(out.xmp).toBeUndefined();
    expect(out.orientation).toBeUndefined();
    // Orientation 6 means "rotate 90°": the stored photo is upright, so portrait.
    expect([out.width, out.height]).toEqual([200, 400]);
    expect(stored.includes(Buffer.from('CameraEspia'))).toBe(false);
  });

  describe('attacks are refused and leave nothing behind', () => {
    const cases: [string, () => Promise<FilePart[]>, number, string][] = [
      [
        'an SVG with a script',
        async () => [photo(svgWithScript, 'x.svg', 'image/svg+xml')],
        415,
        UPLOAD_MSG.notImage,
      ],
      [
        'an HTML page',
        async () => [photo(htmlPage, 'x.html', 'text/html')],
        415,
        UPLOAD_MSG.notImage,
      ],
      [
        'a PHP script named .jpg',
        async () => [photo(phpScript, 'foto.jpg')],
        415,
        UPLOAD_MSG.notImage,
      ],
      [
        'a GIF/script polyglot',
        async () => [photo(gifScriptPolyglot, 'x.gif', 'image/gif')],
        415,
        UPLOAD_MSG.corrupt,
      ],
      ['a JPEG carrying PHP', async () => [photo(await jpegWithPhp())], 415, UPLOAD_MSG.notImage],
      ['a truncated JPEG', async () => [photo(await truncatedJpeg())], 415, UPLOAD_MSG.corrupt],
      ['an empty file', async () => [photo(Buffer.alloc(0))], 415, UPLOAD_MSG.notImage],
      [
        'a tiny PNG claiming 8000×6000 pixels',
        async () => [photo(await pngClaiming(8000, 6000), 'x.png', 'image/png')],
        413,
        UPLOAD_MSG.tooManyPixels,
      ],
      [
        'a tiny PNG claiming 100000×100000 pixels',
        async () => [photo(await pngClaiming(100_000, 100_000), 'x.png', 'image/png')],
        413,
        UPLOAD_MSG.tooManyPixels,
      ],
      [
        'a good photo then a bad one',
        async () => [photo(await jpeg()), photo(phpScript)],
        415,
        UPLOAD_MSG.notImage,
      ],
      [
        '11 files',
        async () => {
          const one = await jpeg(64, 64);
          return Array.from({ length: 11 }, () => photo(one));
        },
        413,
        UPLOAD_MSG.tooManyFiles,
      ],
      [
        'a file over 10 MB',
        async () => [photo(Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024)]))],
        413,
        UPLOAD_MSG.fileTooLarge,
      ],
      [
        'a file in another field',
        async () => [{ ...photo(await jpeg()), field: 'avatar' }],
        400,
        UPLOAD_MSG.unexpectedFile('avatar'),
      ],
    ];
    it.each(cases)('%s', async (_name, files, status, message) => {
      const before = await countRecords();
      const filesBefore = storedFiles(h);
      const res = await send('POST', '/api/sepultados/create', FIELDS, await files());
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message });
      expect(await countRecords()).toBe(before);
      expect(storedFiles(h)).toEqual(filesBefore);
    });

    it('refuses a request whose declared size passes the whole-request cap', async () => {
      const { payload, headers } = await multipartBody(FIELDS, [photo(await jpeg())]);
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/sepultados/create',
        headers: { ...auth(admin), ...headers, 'content-length': String(61 * 1024 * 1024) },
        payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: UPLOAD_MSG.requestTooLarge });
    });

    it('refuses a bad photo in an edit and keeps the record as it was', async () => {
      const rec = await createWithPhotos(h, admin, [await jpeg()]);
      const filesBefore = storedFiles(h);
      const res = await send('PATCH', `/api/sepultados/${rec.id}`, { chapa: '9999' }, [
        photo(svgWithScript, 'x.svg', 'image/svg+xml'),
      ]);
      expect(res.statusCode).toBe(415);
      const now = (await h.app.inject({ method: 'GET', url: `/api/sepultados/${rec.id}` })).json();
      expect(now).toMatchObject({ chapa: rec.chapa, version: rec.version, images: rec.images });
      expect(storedFiles(h)).toEqual(filesBefore);
    });
  });

  it('ignores the empty, nameless part a form sends when no file was chosen', async () => {
    const res = await send('POST', '/api/sepultados/create', FIELDS, [
      { name: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().sepultado.images).toEqual([]);
  });

  it('adds new photos after the existing ones and removes only the one asked', async () => {
    const rec = await createWithPhotos(h, admin, [
      await jpeg(300, 200, 1),
      await jpeg(300, 200, 2),
    ]);
    const [a, b] = rec.images;
    const added = await send('PATCH', `/api/sepultados/${rec.id}`, { chapa: '0002' }, [
      photo(await jpeg(300, 200, 3)),
    ]);
    expect(added.statusCode).toBe(200);
    const afterAdd = added.json().sepultado as BurialRecord;
    expect(afterAdd.images.slice(0, 2)).toEqual([a, b]);
    expect(afterAdd.images).toHaveLength(3);
    expect(afterAdd.thumbs).toHaveLength(3);
    const c = afterAdd.images[2] ?? '';

    // A JSON edit without photos keeps them all.
    const json = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
      payload: { epitafio: 'Para sempre em nossos corações' },
    });
    expect(json.json().sepultado.images).toEqual([a, b, c]);

    const removed = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
      payload: { removeImages: [b, `${'f'.repeat(32)}.webp`] },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().sepultado.images).toEqual([a, c]);
    const files = storedFiles(h);
    expect(files).not.toContain(b);
    expect(files).not.toContain(b?.replace('.webp', '-t.webp'));
    expect(files).toContain(a);
    const gone = await h.app.inject({ method: 'GET', url: `/api/images/sepultados/${b}` });
    expect(gone.statusCode).toBe(404);

    // Removal through multipart (repeated removeImages parts) together with a new photo.
    const both = await send('PATCH', `/api/sepultados/${rec.id}`, { removeImages: [a ?? ''] }, [
      photo(await jpeg(300, 200, 4)),
    ]);
    const final = both.json().sepultado as BurialRecord;
    expect(final.images[0]).toBe(c);
    expect(final.images).toHaveLength(2);
  });

  it('refuses more than 20 photos on one record', async () => {
    const one = await jpeg(64, 64);
    const rec = await createWithPhotos(
      h,
      admin,
      Array.from({ length: 10 }, () => one),
    );
    const second = await send(
      'PATCH',
      `/api/sepultados/${rec.id}`,
      {},
      Array.from({ length: 10 }, () => photo(one)),
    );
    expect(second.statusCode).toBe(200);
    const before = storedFiles(h);
    const third = await send('PATCH', `/api/sepultados/${rec.id}`, {}, [photo(one)]);
    expect(third.statusCode).toBe(422);
    expect(third.json().field).toBe('images');
    expect(storedFiles(h)).toEqual(before);
  });

  it('removes the files of a deleted record', async () => {
    const rec = await createWithPhotos(h, admin, [await jpeg(), await png()]);
    const mine = [...rec.images, ...rec.thumbs];
    expect(storedFiles(h)).toEqual(expect.arrayContaining(mine));
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    const left = storedFiles(h);
    for (const f of mine) expect(left).not.toContain(f);
  });

  describe('the image route never lets a name reach the filesystem', () => {
    beforeAll(() => {
      fs.writeFileSync(path.join(h.dataDir, 'jwt-secret'), 'segredo-de-teste');
    });
    it.each([
      '/api/images/sepultados/..%2f..%2fjwt-secret',
      '/api/images/sepultados/%2e%2e%2f%2e%2e%2fjwt-secret',
      '/api/images/sepultados/..%5c..%5cjwt-secret',
      '/api/images/sepultados/....//jwt-secret',
      '/api/images/..%2f..%2fjwt-secret/x.webp',
      '/api/images/sepultados/%2fetc%2fpasswd',
      '/api/images/sepultados/..',
      '/api/images/../../jwt-secret',
      `/api/images/sepultados/${'a'.repeat(32)}.webp%00.png`,
      `/api/images/sepultados/${'A'.repeat(32)}.webp`,
      `/api/images/nada/${'a'.repeat(32)}.webp`,
      '/api/images/sepultados/foto.jpg',
    ])('%s', async (url) => {
      const spy = vi.spyOn(fsp, 'readFile');
      try {
        const res = await h.app.inject({ method: 'GET', url });
        expect([400, 404]).toContain(res.statusCode);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.body).not.toContain('segredo');
        expect(typeof res.json().message).toBe('string');
        expect(spy).not.toHaveBeenCalled();
      } finally {
        spy.mockRestore();
      }
    });

    it('answers 404 JSON for a well-formed name that does not exist', async () => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/images/sepultados/${'a'.repeat(32)}.webp`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: UPLOAD_MSG.imageNotFound });
    });
  });
});
