/**
 * The cemetery plan: public read, admin-only write through the image pipeline, corner
 * validation with pt-BR messages, bounds-only updates, the old image removed on replacement,
 * the new image kind served; and the admin's QR label list by quadra or selection.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNDS_MSG } from '../../src/domain/geo';
import { MAP_MSG } from '../../src/domain/map-messages';
import { UPLOAD_MSG } from '../../src/domain/upload-rules';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  type FilePart,
  multipartBody,
  storedFiles,
} from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { htmlPage, jpeg, jpegWithGps } from './image-fixtures';

const BOUNDS = { south: '-20.3870', west: '-43.5050', north: '-20.3840', east: '-43.5020' };
const plan = (data: Buffer, type = 'image/jpeg'): FilePart => ({
  name: 'plano.jpg',
  type,
  data,
  field: 'imagem',
});

interface PlanAnswer {
  image: string;
  bounds: { south: number; west: number; north: number; east: number };
  updatedAt: string;
}

describe.each(engines)('mapa: cemetery plan ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario');
  });
  afterAll(async () => {
    await h?.close();
  });

  const put = async (who: Actor | null, fields: Record<string, string>, files: FilePart[] = []) => {
    const { payload, headers } = await multipartBody(fields, files);
    return h.app.inject({
      method: 'PUT',
      url: '/api/mapa/plano',
      headers: { ...auth(who), ...headers },
      payload,
    });
  };

  it('lets the page load OpenStreetMap tiles, and nothing else from outside', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/sepultados/busca' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
    expect(csp).toContain("connect-src 'self' https://tile.openstreetmap.org;");
  });

  it('answers 404 with a pt-BR message before any plan exists', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/mapa/plano' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MAP_MSG.planNotFound });
  });

  it('refuses visitors (401) and non-admins (403) before reading the body', async () => {
    const image = [plan(await jpeg(400, 300))];
    expect((await put(null, BOUNDS, image)).statusCode).toBe(401);
    const refused = await put(conc, BOUNDS, image);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MAP_MSG.planForbidden });
    expect(storedFiles(h, 'plano')).toEqual([]);
  });

  it('needs an image the first time', async () => {
    const res = await put(admin, BOUNDS);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MAP_MSG.planImageRequired, field: 'imagem' });
  });

  it('refuses something that is not an image (415) and stores nothing', async () => {
    const res = await put(admin, BOUNDS, [plan(htmlPage, 'image/png')]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(UPLOAD_MSG.notImage);
    expect(storedFiles(h, 'plano')).toEqual([]);
  });

  it.each([
    [{ ...BOUNDS, south: '-95' }, 'south', BOUNDS_MSG.south],
    [{ ...BOUNDS, east: '190' }, 'east', BOUNDS_MSG.east],
    [{ ...BOUNDS, north: 'norte' }, 'north', BOUNDS_MSG.north],
    [{ ...BOUNDS, south: '-20.3800' }, 'south', BOUNDS_MSG.order],
    [{ ...BOUNDS, west: '-43.5000' }, 'west', BOUNDS_MSG.orderLng],
    [{ south: '-20.3870' }, 'north', BOUNDS_MSG.north],
  ])('refuses bad corners with a pt-BR message (%o)', async (fields, field, message) => {
    const res = await put(admin, fields, [plan(await jpeg(200, 150))]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
    expect(storedFiles(h, 'plano')).toEqual([]);
  });

  it('refuses an unknown field', async () => {
    const res = await put(admin, { ...BOUNDS, zoom: '3' }, [plan(await jpeg(200, 150))]);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('zoom');
  });

  let first: PlanAnswer;
  it('stores a plan re-encoded (EXIF/GPS dropped, up to 4096 px) and serves it', async () => {
    const res = await put(admin, { ...BOUNDS, south: '-20,3870' }, [
      plan(await jpegWithGps(5000, 2500)),
    ]);
    expect(res.statusCode).toBe(200);
    first = res.json() as PlanAnswer;
    expect(first.image).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(first.bounds).toEqual({ south: -20.387, west: -43.505, north: -20.384, east: -43.502 });

    const got = await h.app.inject({ method: 'GET', url: '/api/mapa/plano' });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(first);

    const img = await h.app.inject({ method: 'GET', url: `/api/images/plano/${first.image}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    // The fixture carries an EXIF rotation, applied on re-encoding: the longer side is kept.
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(4096);
    expect(Math.min(meta.width ?? 0, meta.height ?? 0)).toBe(2048);
    expect(meta.exif).toBeUndefined();
  });

  it('updates only the corners when no image is sent (JSON or multipart)', async () => {
    const res = await put(admin, { north: '-20.3830' });
    expect(res.statusCode).toBe(200);
    const moved = res.json() as PlanAnswer;
    expect(moved.image).toBe(first.image);
    expect(moved.bounds.north).toBe(-20.383);
    expect(moved.bounds.south).toBe(-20.387);

    const json = await h.app.inject({
      method: 'PUT',
      url: '/api/mapa/plano',
      headers: auth(admin),
      payload: { east: -43.501 },
    });
    expect(json.statusCode).toBe(200);
    expect((json.json() as PlanAnswer).bounds).toMatchObject({ east: -43.501, north: -20.383 });
  });

  it('replaces the image and removes the old file', async () => {
    const res = await put(admin, {}, [plan(await jpeg(800, 600))]);
    expect(res.statusCode).toBe(200);
    const next = res.json() as PlanAnswer;
    expect(next.image).not.toBe(first.image);
    const files = storedFiles(h, 'plano');
    expect(files).toContain(next.image);
    expect(files).not.toContain(first.image);
    const old = await h.app.inject({ method: 'GET', url: `/api/images/plano/${first.image}` });
    expect(old.statusCode).toBe(404);
  });

  it('two saves at once leave one plan and no orphaned image', async () => {
    const [a, b] = await Promise.all([
      put(admin, {}, [plan(await jpeg(300, 200, 10))]),
      put(admin, {}, [plan(await jpeg(300, 200, 200))]),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const now = (
      await h.app.inject({ method: 'GET', url: '/api/mapa/plano' })
    ).json() as PlanAnswer;
    // The display image and its thumbnail, nothing else.
    expect(storedFiles(h, 'plano')).toEqual(
      [now.image, now.image.replace('.webp', '-t.webp')].sort(),
    );
  });

  it('refuses a body that is neither a form nor JSON (415)', async () => {
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/mapa/plano',
      headers: { ...auth(admin), 'content-type': 'text/plain' },
      payload: 'north=1',
    });
    expect(res.statusCode).toBe(415);
    expect(typeof res.json().message).toBe('string');
  });
});

describe.each(engines)('mapa: QR label list ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  const ids: string[] = [];
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario');
    for (const [quadra, chapa, nome] of [
      ['12', '10', 'Antônio Carlos'],
      ['12', '9', 'Benedita Souza'],
      ['7', '1', 'Carmem Lúcia'],
    ]) {
      ids.push((await createRecord(h, admin, { quadra, chapa, nome, rua: '3' })).id);
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (who: Actor | null, query: string) =>
    h.app.inject({ method: 'GET', url: `/api/mapa/etiquetas?${query}`, headers: auth(who) });

  it('lists a quadra in walking order (placa 9 before 10)', async () => {
    const res = await get(admin, 'quadra=12');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: { nome: string; chapa: string }[]; truncated: boolean };
    expect(body.items.map((i) => i.chapa)).toEqual(['9', '10']);
    expect(body.truncated).toBe(false);
  });

  it("keeps one cemetery's quadra apart from the same quadra of another, named on each label", async () => {
    const other = await createRecord(h, admin, {
      quadra: '12',
      chapa: '3',
      nome: 'Dirceu Prado',
      rua: '1',
      cemiterio: 'Cemitério do Carmo',
    });
    const cemeteries = (await h.app.inject({ method: 'GET', url: '/api/cemiterios' })).json() as {
      id: string;
      nome: string;
    }[];
    const carmo = cemeteries.find((c) => c.nome === 'Cemitério do Carmo');
    const saudade = cemeteries.find((c) => c.nome === 'Cemitério Municipal da Saudade');
    expect(carmo && saudade).toBeTruthy();
    type Items = { items: { id: string; chapa: string; cemiterio: string | null }[] };
    const both = (await get(admin, 'quadra=12')).json() as Items;
    // Grouped by cemetery (each group together), each label with its cemetery's name.
    const names = both.items.map((i) => i.cemiterio);
    expect(names.filter((n, i) => n !== names[i - 1])).toHaveLength(2);
    expect(
      both.items
        .filter((i) => i.cemiterio === 'Cemitério Municipal da Saudade')
        .map((i) => i.chapa),
    ).toEqual(['9', '10']);
    expect(both.items.find((i) => i.id === other.id)?.cemiterio).toBe('Cemitério do Carmo');
    const one = await get(admin, `quadra=12&cemiterio=${saudade?.id}`);
    expect(one.statusCode).toBe(200);
    expect((one.json() as Items).items.map((i) => i.chapa)).toEqual(['9', '10']);
    const carmoOnly = (await get(admin, `quadra=12&cemiterio=${carmo?.id}`)).json() as Items;
    expect(carmoOnly.items.map((i) => i.id)).toEqual([other.id]);
    const bad = await get(admin, 'quadra=12&cemiterio=xyz');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('cemiterio');
  });

  it('lists a selection of records', async () => {
    const res = await get(admin, `ids=${ids[2]},${ids[0]}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { items: { id: string }[] }).items.map((i) => i.id).sort()).toEqual(
      [ids[0], ids[2]].sort(),
    );
  });

  it('refuses visitors, non-admins and an empty or bad query', async () => {
    expect((await get(null, 'quadra=12')).statusCode).toBe(401);
    const refused = await get(conc, 'quadra=12');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MAP_MSG.labelsForbidden);
    const empty = await get(admin, 'quadra=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MAP_MSG.labelsQuery);
    expect((await get(admin, 'ids=xyz')).statusCode).toBe(400);
  });
});
