/**
 * Idempotent record edits for the offline outbox: PATCH /api/sepultados/:id with an
 * Idempotency-Key answers a replay with the first result and applies the edit once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/index';
import { RateLimiter } from '../../server/lib/rate-limiter';
import { SEP_MSG } from '../../src/domain/burial-messages';
import type { BurialRecord } from '../../src/domain/burial-types';
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
import { jpeg } from './image-fixtures';
import { patchRecord } from './sync-helpers';

describe.each(engines)('edits: Idempotency-Key replays ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let other: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
    other = await actor(h, 'admin', 'Beatriz Administradora');
  });
  afterAll(async () => {
    await h?.close();
  });

  const key = (n: string) => ({ 'idempotency-key': `outbox-edit-${engine.name}-${n}` });
  const version = async (id: string) =>
    (
      (await h.app.inject({ method: 'GET', url: `/api/sepultados/${id}` })).json() as {
        version: number;
      }
    ).version;
  const historyCount = async (id: string) =>
    Number(
      (
        await h.app.ctx.database.sql.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM sepultado_versions WHERE sepultado_id = $1',
          [id],
        )
      )[0]?.n,
    );

  it('a replay answers the first result (same status and body) without applying again', async () => {
    const rec = await createRecord(h, admin);
    const first = await patchRecord(h, admin, rec.id, { chapa: '0500', version: 1 }, key('a'));
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Meanwhile someone else edits: a second application would now be a stale-version merge.
    await patchRecord(h, other, rec.id, { rua: 'Rua Outra' });
    const again = await patchRecord(h, admin, rec.id, { chapa: '0500', version: 1 }, key('a'));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await version(rec.id)).toBe(3);
    expect(await historyCount(rec.id)).toBe(2);
  });

  it('duplicates sent at once are applied once', async () => {
    const rec = await createRecord(h, admin);
    const results = await Promise.all(
      [1, 2, 3].map(() => patchRecord(h, admin, rec.id, { epitafio: 'Uma vez só' }, key('b'))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await version(rec.id)).toBe(2);
  });

  it.runIf(engine.name === 'postgres')(
    'two server processes on one PostgreSQL apply a key once (key row + replay)',
    async () => {
      const rec = await createRecord(h, admin);
      const database = await openDatabase({
        databaseUrl: h.config.databaseUrl,
        pgliteDir: null,
        poolSize: 4,
      });
      const second = await buildApp({ config: h.config, database, limiter: new RateLimiter() });
      try {
        for (let round = 0; round < 5; round += 1) {
          const send = (app: typeof second) =>
            app.inject({
              method: 'PATCH',
              url: `/api/sepultados/${rec.id}`,
              headers: { ...auth(admin), ...key(`dois-processos-${round}`) },
              payload: { epitafio: `Rodada ${round}` },
            });
          const answers = await Promise.all([send(h.app), send(second)]);
          expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
          const versions = answers.map((a) => a.json().sepultado.version);
          expect(versions[0]).toBe(versions[1]);
          expect(versions[0]).toBe(round + 2);
        }
        // From the table: this process's read cache may predate the other process's write.
        const [row] = await h.app.ctx.database.sql.query<{ v: number }>(
          'SELECT version AS v FROM sepultados WHERE id = $1',
          [rec.id],
        );
        expect(row?.v).toBe(6);
      } finally {
        await second.close();
        await database.close();
      }
    },
  );

  it('a replay of an edit with a photo stores the photo once', async () => {
    const rec = await createRecord(h, admin);
    const body = await multipartBody({ chapa: '0600' }, [photo(await jpeg(300, 200, 5))]);
    const send = () =>
      h.app.inject({
        method: 'PATCH',
        url: `/api/sepultados/${rec.id}`,
        headers: { ...auth(admin), ...body.headers, ...key('c') },
        payload: body.payload,
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const files = storedFiles(h);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(storedFiles(h)).toEqual(files);
    expect((again.json().sepultado as BurialRecord).images).toHaveLength(1);
  });

  it('the same key with other content, or on another record, is a 422', async () => {
    const [rec, rec2] = [await createRecord(h, admin), await createRecord(h, admin)];
    expect((await patchRecord(h, admin, rec.id, { chapa: '1' }, key('d'))).statusCode).toBe(200);
    const changed = await patchRecord(h, admin, rec.id, { chapa: '2' }, key('d'));
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ message: SEP_MSG.editKeyReused, field: 'idempotency-key' });
    const elsewhere = await patchRecord(h, admin, rec2.id, { chapa: '1' }, key('d'));
    expect(elsewhere.statusCode).toBe(422);
    expect(await version(rec2.id)).toBe(1);
  });

  it('keys belong to one person: the same key from someone else is their own edit', async () => {
    const rec = await createRecord(h, admin);
    expect((await patchRecord(h, admin, rec.id, { chapa: '3' }, key('e'))).statusCode).toBe(200);
    const theirs = await patchRecord(h, other, rec.id, { rua: 'Rua Três' }, key('e'));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().sepultado).toMatchObject({ chapa: '3', rua: 'Rua Três', version: 3 });
  });

  it('a refused edit is not remembered: the resolution of a 409 may reuse the key', async () => {
    const rec = await createRecord(h, admin);
    await patchRecord(h, other, rec.id, { chapa: '0500', version: 1 });
    const clash = await patchRecord(h, admin, rec.id, { chapa: '0600', version: 1 }, key('f'));
    expect(clash.statusCode).toBe(409);
    const resolved = await patchRecord(h, admin, rec.id, { chapa: '0600', version: 2 }, key('f'));
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().sepultado).toMatchObject({ chapa: '0600', version: 3 });
    const invalid = await patchRecord(h, admin, rec.id, { nome: '' }, key('g'));
    expect(invalid.statusCode).toBe(422);
    expect((await patchRecord(h, admin, rec.id, { nome: 'Outro Nome' }, key('g'))).statusCode).toBe(
      200,
    );
  });

  it('answers the record when the edit committed but its answer was not stored', async () => {
    const rec = await createRecord(h, admin);
    await patchRecord(h, admin, rec.id, { chapa: '0700' }, key('h'));
    await h.app.ctx.database.sql.query('UPDATE edit_idempotency SET body = NULL WHERE key = $1', [
      key('h')['idempotency-key'],
    ]);
    const again = await patchRecord(h, admin, rec.id, { chapa: '0700' }, key('h'));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({
      message: SEP_MSG.updated,
      sepultado: { chapa: '0700', version: 2 },
    });
    expect(await version(rec.id)).toBe(2);
  });

  it('forgets keys after 7 days, and refuses a malformed key with a 400', async () => {
    const rec = await createRecord(h, admin);
    await patchRecord(h, admin, rec.id, { chapa: '0800' }, key('i'));
    await h.app.ctx.database.sql.query(
      `UPDATE edit_idempotency SET created_at = now() - interval '8 days' WHERE key = $1`,
      [key('i')['idempotency-key']],
    );
    const reused = await patchRecord(h, admin, rec.id, { chapa: '0801' }, key('i'));
    expect(reused.statusCode).toBe(200);
    expect(reused.json().sepultado).toMatchObject({ chapa: '0801', version: 3 });
    const bad = await patchRecord(h, admin, rec.id, { chapa: '1' }, { 'idempotency-key': 'a b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('idempotency-key');
  });
});
