/**
 * Field-level merge of PATCH /api/sepultados/:id (docs/decisions/0017-edit-conflicts.md): an edit carries the
 * version it started from; fields nobody else changed apply, a field changed on both sides to
 * different values answers 409 with both values and applies nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEP_MSG } from '../../src/domain/burial-messages';
import type { BurialRecord } from '../../src/domain/burial-types';
import type { EditConflictAnswer } from '../../src/domain/sync-types';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  createWithPhotos,
  multipartBody,
  photo,
  sepultadoBody,
} from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';
import { patchRecord } from './sync-helpers';

describe.each(engines)('edits: field-level merge and 409 ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
    conc = await actor(h, 'concessionario', 'Carlos Concessionário');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A record assigned to `conc`, at version 1. */
  async function fresh(): Promise<BurialRecord> {
    const rec = await createRecord(h, admin);
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${rec.id}/atribuir/${conc.id}`,
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    return rec;
  }
  const read = async (id: string) =>
    (await h.app.inject({ method: 'GET', url: `/api/sepultados/${id}` })).json() as BurialRecord;
  const ok = async (who: Actor, id: string, payload: object, headers = {}) => {
    const res = await patchRecord(h, who, id, payload, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sepultado as BurialRecord;
  };

  it('applies both edits when they change different fields', async () => {
    const rec = await fresh();
    await ok(admin, rec.id, { chapa: '0500', version: 1 });
    const merged = await ok(conc, rec.id, { rua: 'Rua B' }, { 'if-match': '"1"' });
    expect(merged).toMatchObject({ chapa: '0500', rua: 'Rua B', version: 3 });
    expect(await read(rec.id)).toMatchObject({ chapa: '0500', rua: 'Rua B', version: 3 });
  });

  it('answers 409 with both values for a field changed on both sides, and applies nothing', async () => {
    const rec = await fresh();
    await ok(admin, rec.id, { chapa: '0500', version: 1 });
    const res = await patchRecord(h, conc, rec.id, { chapa: '0600', rua: 'Rua C', version: 1 });
    expect(res.statusCode).toBe(409);
    const body = res.json() as EditConflictAnswer;
    expect(body.message).toBe(SEP_MSG.editConflict);
    expect(body.conflicts).toEqual([
      { field: 'chapa', base: '0458', mine: '0600', theirs: '0500' },
    ]);
    expect(body.current).toMatchObject({ id: rec.id, chapa: '0500', version: 2 });
    // All or nothing: the field nobody else touched was not applied either.
    expect(await read(rec.id)).toMatchObject({ rua: 'Rua das Flores', chapa: '0500', version: 2 });
  });

  it('resolves by sending again with current.version and the chosen values', async () => {
    const rec = await fresh();
    await ok(admin, rec.id, { chapa: '0500', epitafio: 'Texto do admin', version: 1 });
    const clash = await patchRecord(h, conc, rec.id, {
      chapa: '0600',
      epitafio: 'Texto do concessionário',
      rua: 'Rua C',
      version: 1,
    });
    expect(clash.statusCode).toBe(409);
    const { conflicts, current } = clash.json() as EditConflictAnswer;
    expect(conflicts.map((c) => c.field)).toEqual(['chapa', 'epitafio']);
    // Per field: mine for chapa, theirs for the epitaph; the rest as first sent.
    const resolved = await ok(conc, rec.id, {
      chapa: '0600',
      epitafio: current.epitafio,
      rua: 'Rua C',
      version: current.version,
    });
    expect(resolved).toMatchObject({
      chapa: '0600',
      epitafio: 'Texto do admin',
      rua: 'Rua C',
      version: 3,
    });
  });

  it('setting the value the record already has is not a conflict (and no new version)', async () => {
    const rec = await fresh();
    await ok(admin, rec.id, { chapa: '0500', dtFal: '2023-07-06', version: 1 });
    const same = await ok(conc, rec.id, { chapa: ' 0500 ', dtFal: '06/07/2023', version: 1 });
    expect(same).toMatchObject({ chapa: '0500', dtFal: '2023-07-06', version: 2 });
  });

  it("a form sending every field keeps the other person's change to fields it left alone", async () => {
    const rec = await fresh();
    await ok(admin, rec.id, { quadra: '99', version: 1 });
    // The whole form as loaded at version 1, with only the plate changed.
    const merged = await ok(conc, rec.id, { ...sepultadoBody({ chapa: '0777' }), version: 1 });
    expect(merged).toMatchObject({ quadra: '99', chapa: '0777', version: 3 });
  });

  it('a field changed and changed back meanwhile is not a conflict', async () => {
    const rec = await fresh();
    await ok(admin, rec.id, { chapa: '0500', version: 1 });
    await ok(admin, rec.id, { chapa: '0458', version: 2 });
    expect(await ok(conc, rec.id, { chapa: '0600', version: 1 })).toMatchObject({
      chapa: '0600',
      version: 4,
    });
  });

  it('checks dates on the merged record: a birth after the death set meanwhile is a 422', async () => {
    const rec = await fresh();
    await ok(admin, rec.id, { dtFal: '01/01/1990', version: 1 });
    const res = await patchRecord(h, conc, rec.id, { dtNasc: '01/01/1995', version: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: SEP_MSG.dtNascAfterDtFal, field: 'dtNasc' });
  });

  it('without history back to the base version, every differing field conflicts (no base)', async () => {
    const rec = await fresh();
    await ok(admin, rec.id, { rua: 'Rua Dois', version: 1 });
    await h.app.ctx.database.sql.query('DELETE FROM sepultado_versions WHERE sepultado_id = $1', [
      rec.id,
    ]);
    const res = await patchRecord(h, conc, rec.id, { chapa: '0999', version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().conflicts).toEqual([{ field: 'chapa', mine: '0999', theirs: '0458' }]);
    expect(await ok(conc, rec.id, { rua: 'Rua Dois', version: 1 })).toMatchObject({ version: 2 });
  });

  it('photos never conflict: adding on an old version works, removing a gone photo is harmless', async () => {
    const rec = await createWithPhotos(h, admin, [await jpeg(300, 200, 1)]);
    await ok(admin, rec.id, { chapa: '0500', version: 1 });
    const add = await multipartBody({ version: '1' }, [photo(await jpeg(300, 200, 2))]);
    const added = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${rec.id}`,
      headers: { ...auth(admin), ...add.headers },
      payload: add.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().sepultado.images).toHaveLength(2);
    const first = rec.images[0] ?? '';
    const removed = await ok(admin, rec.id, { removeImages: [first], version: 1 });
    expect(removed.images).toHaveLength(1);
    const again = await ok(admin, rec.id, { removeImages: [first], version: 2 });
    expect(again).toMatchObject({ images: removed.images, version: removed.version });
  });

  it('keeps a compact history: per version the fields changed, before and after, and who', async () => {
    const rec = await fresh();
    await ok(conc, rec.id, { chapa: '0500', rua: 'Rua das Flores', version: 1 });
    await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${rec.id}/desatribuir/${conc.id}`,
      headers: auth(admin),
    });
    const rows = await h.app.ctx.database.sql.query<{
      version: number;
      changes: Record<string, unknown>;
      changed_by: string | null;
    }>('SELECT version, changes, changed_by FROM sepultado_versions WHERE sepultado_id = $1', [
      rec.id,
    ]);
    // The unassignment (a touch) wrote no entry; the unchanged street is not listed.
    expect(rows).toEqual([
      { version: 2, changes: { chapa: ['0458', '0500'] }, changed_by: conc.id },
    ]);
  });
});
