/**
 * A grave's condition photos (POST /api/sepulturas/:id/fotos): dated, re-encoded, public on the
 * grave's page; sent by admins and by a concessionário assigned to a record lying there; a
 * bad date, a file that is not an image or nobody's grave refused in pt-BR; a merge carries them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAVE_MSG } from '../../src/domain/grave-rules';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  multipartBody,
  photo,
  storedFiles,
} from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg, jpegWithGps } from './image-fixtures';

describe.each(engines)('condition photos of a grave ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let other: Actor;
  let usuario: Actor;
  let graveId = '';
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario', 'Zelador da Quadra F');
    other = await actor(h, 'concessionario', 'Zelador de Outra Quadra');
    usuario = await actor(h, 'usuario');
    const r = await createRecord(h, admin, { cemiterio: 'Fotos', quadra: 'F', chapa: '7' });
    graveId = r.sepulturaId as string;
    const assigned = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${r.id}/atribuir/${conc.id}`,
      headers: auth(admin),
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
  });
  afterAll(async () => {
    await h?.close();
  });

  const send = async (
    who: Actor | null,
    fields: Record<string, string>,
    files: Buffer[],
    grave = graveId,
  ) => {
    const { payload, headers } = await multipartBody(
      fields,
      files.map((data, i) => ({ ...photo(data, `f${i}.jpg`), field: 'fotos' })),
    );
    return h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${grave}/fotos`,
      headers: { ...auth(who), ...headers },
      payload,
    });
  };
  const page = async (who: Actor | null = null) =>
    (
      await h.app.inject({ method: 'GET', url: `/api/sepulturas/${graveId}`, headers: auth(who) })
    ).json();

  it('the assigned concessionário and admins add dated photos; everyone sees them', async () => {
    const res = await send(conc, { tiradaEm: '02/11/2025', nota: 'Lápide trincada.' }, [
      await jpegWithGps(500, 400),
      await jpeg(300, 300, 90),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toHaveLength(2);
    expect(res.json()[0]).toMatchObject({ tiradaEm: '2025-11-02', nota: 'Lápide trincada.' });
    const byAdmin = await send(admin, {}, [await jpeg(320, 240, 200)]);
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    const visitor = await page(null);
    expect(visitor.fotos).toHaveLength(3);
    // Newest day first: the admin's photo of today, then the two of 02/11/2025.
    expect(visitor.fotos[0].tiradaEm > '2025-11-02').toBe(true);
    expect(visitor.fotos[1].tiradaEm).toBe('2025-11-02');
    // Re-encoded to WebP, served publicly, GPS gone with the metadata.
    const img = await h.app.inject({
      method: 'GET',
      url: `/api/images/sepulturas/${visitor.fotos[1].file}`,
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/webp');
    expect(img.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect(storedFiles(h, 'sepulturas').length).toBeGreaterThanOrEqual(6);
  });

  it('refuses who may not, a bad date, no photo and a file that is not an image', async () => {
    const img = await jpeg(200, 200);
    expect((await send(null, {}, [img])).statusCode).toBe(401);
    const u = await send(usuario, {}, [img]);
    expect(u.statusCode).toBe(403);
    const o = await send(other, {}, [img]);
    expect(o.statusCode).toBe(403);
    expect(o.json().message).toBe(GRAVE_MSG.noteForbidden);
    const before = storedFiles(h, 'sepulturas').length;
    const future = await send(admin, { tiradaEm: '01/01/2999' }, [img]);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ message: GRAVE_MSG.photoDateInvalid, field: 'tiradaEm' });
    const none = await send(admin, { nota: 'sem foto' }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(GRAVE_MSG.photosRequired);
    const html = await send(admin, {}, [Buffer.from('<html>não é foto</html>')]);
    expect([400, 415]).toContain(html.statusCode);
    expect(storedFiles(h, 'sepulturas').length).toBe(before);
    const missing = await send(admin, {}, [img], 'f'.repeat(24));
    expect(missing.statusCode).toBe(404);
  });

  it('admins remove a photo; a merged grave takes its photos along', async () => {
    const first = (await page(admin)).fotos[0];
    const denied = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepulturas/${graveId}/fotos/${first.id}`,
      headers: auth(conc),
    });
    expect(denied.statusCode).toBe(403);
    const gone = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepulturas/${graveId}/fotos/${first.id}`,
      headers: auth(admin),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await page()).fotos).toHaveLength(2);
    const target = await createRecord(h, admin, { cemiterio: 'Fotos', quadra: 'F', chapa: '8' });
    const merged = await h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${graveId}/mesclar`,
      headers: auth(admin),
      payload: { destino: target.sepulturaId },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const there = await h.app.inject({
      method: 'GET',
      url: `/api/sepulturas/${target.sepulturaId}`,
    });
    expect(there.json().fotos).toHaveLength(2);
  });
});
