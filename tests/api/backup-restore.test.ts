/**
 * Backups proven to restore, on PGlite (files on disk, the running server's own backup) and
 * PostgreSQL (pg_dump while the app writes): records, photos, tributes and users are written,
 * the backup runs DURING a write load, the archive is restored into an empty place and the app
 * started there: every write acknowledged before the backup began is there, people log in,
 * photos are served, and every table (history included) has the rows of the snapshot.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../server/modules/backups/backup';
import { readManifest } from '../../server/modules/backups/manifest';
import { restoreBackup } from '../../server/modules/backups/restore';
import { countTables } from '../../server/modules/backups/snapshot';
import type { BurialRecord } from '../../src/domain/burial-types';
import { type DiskHarness, newPlace, type Place, startOn } from './backup-helpers';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  createWithPhotos,
  insertPerson,
} from './burials-helpers';
import { engines, STRONG_PASSWORD } from './helpers';
import { jpeg } from './image-fixtures';
import { post } from './tributes-helpers';

interface Acked {
  at: number;
  check: (h: DiskHarness) => Promise<void>;
}

describe.each(engines)('backup during writes, restore into an empty place ($name)', (engine) => {
  let source: Place;
  let restored: Place;
  let h: DiskHarness;
  let admin: Actor;
  let citizen: Actor;
  let citizenEmail: string;
  let archive: string;
  const acked: Acked[] = [];
  const photos = new Map<string, Buffer>();
  let backupStart = 0;
  let manifestTables: Record<string, number> = {};

  beforeAll(async () => {
    source = await newPlace(engine);
    restored = await newPlace(engine);
    h = await startOn(source);
    admin = await actor(h, 'admin', 'Ana Administradora');
    const person = await insertPerson(h.app.ctx, 'usuario', 'Maria das Dores');
    citizenEmail = person.email;
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: citizenEmail, password: STRONG_PASSWORD },
    });
    citizen = {
      id: person.row.id,
      name: 'Maria',
      token: (login.json() as { token: string }).token,
    };
    const withPhoto = await createWithPhotos(h, admin, [await jpeg(320, 240, 10)]);
    await keepPhotos(withPhoto);
    archive = path.join(source.dataDir, '..', `${path.basename(source.dataDir)}.tar`);
  }, 60_000);

  afterAll(async () => {
    await h?.close().catch(() => {});
    await source?.drop();
    await restored?.drop();
    fs.rmSync(archive, { force: true });
  });

  async function keepPhotos(rec: BurialRecord) {
    for (const file of [...rec.images, ...rec.thumbs]) {
      photos.set(file, fs.readFileSync(path.join(source.dataDir, 'images', 'sepultados', file)));
    }
  }

  /** One write of each kind, in turn; each acknowledged one says how to find it again. */
  async function writeOnce(i: number): Promise<void> {
    const kind = i % 4;
    if (kind === 0) {
      const rec = await createRecord(h, admin, { nome: `Carga ${i}`, chapa: String(i) });
      const at = Date.now();
      acked.push({
        at,
        check: async (r) => {
          const res = await r.app.inject({ method: 'GET', url: `/api/sepultados/${rec.id}` });
          expect(res.statusCode, `record ${i}`).toBe(200);
          expect((res.json() as BurialRecord).nome).toBe(`Carga ${i}`);
        },
      });
    } else if (kind === 1) {
      const rec = await createWithPhotos(h, admin, [await jpeg(200, 150, i % 360)], {
        nome: `Foto ${i}`,
      });
      const at = Date.now();
      await keepPhotos(rec);
      acked.push({
        at,
        check: async (r) => {
          const res = await r.app.inject({ method: 'GET', url: `/api/sepultados/${rec.id}` });
          expect((res.json() as BurialRecord).images).toEqual(rec.images);
        },
      });
    } else if (kind === 2) {
      const target = (await createRecord(h, admin, { nome: `Homenageado ${i}` })).id;
      const res = await post(h, citizen, target, { comentario: `Saudades ${i}` });
      if (res.statusCode !== 201) return; // a refused post (rate limit) is no acknowledged write
      const at = Date.now();
      const id = (res.json() as { _id: string })._id;
      acked.push({
        at,
        check: async (r) => {
          const list = await r.app.inject({ url: `/api/sepultados/${target}/comentarios` });
          expect(JSON.stringify(list.json())).toContain(id);
        },
      });
    } else {
      const rec = await createRecord(h, admin, { nome: `Editado ${i}` });
      const res = await h.app.inject({
        method: 'PATCH',
        url: `/api/sepultados/${rec.id}`,
        headers: auth(admin),
        payload: { epitafio: `Versão ${i}` },
      });
      expect(res.statusCode).toBe(200);
      const at = Date.now();
      acked.push({
        at,
        check: async (r) => {
          const now = await r.app.inject({ url: `/api/sepultados/${rec.id}` });
          expect((now.json() as BurialRecord).epitafio).toBe(`Versão ${i}`);
          // The edit's history entry came along with it.
          const versions = await r.database.sql.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM sepultado_versions
              WHERE sepultado_id = $1 AND changes::text LIKE $2`,
            [rec.id, `%Versão ${i}%`],
          );
          expect(versions[0]?.n).toBe(1);
        },
      });
    }
  }

  it('backs up while writes go on', async () => {
    let stop = false;
    let i = 0;
    const load = (async () => {
      while (!stop) {
        await writeOnce(i++);
        h.limiter.clear();
      }
    })();
    while (acked.length < 12) await new Promise((r) => setTimeout(r, 20));
    backupStart = Date.now();
    const before = acked.length;
    const photosBefore = photos.size;
    const result = await createBackup({
      out: archive,
      source:
        engine.url && source.databaseUrl
          ? { kind: 'postgres', databaseUrl: source.databaseUrl }
          : { kind: 'pglite', client: h.database.pglite ?? fail('no PGlite') },
      uploadDir: h.config.uploadDir,
      appVersion: 'test',
    });
    stop = true;
    await load;
    manifestTables = result.manifest.tables;
    // The load went on during the backup: writes were acknowledged while it ran.
    expect(acked.length).toBeGreaterThan(before);
    expect(fs.existsSync(archive)).toBe(true);
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);
    const { manifest } = await readManifest(archive);
    expect(manifest.engine).toBe(engine.name);
    expect(manifest.migration).toMatch(/^\d{4}_.+\.sql$/);
    expect(manifest.tables.sepultados).toBeGreaterThan(0);
    expect(manifest.tables.schema_migrations).toBeGreaterThan(0);
    expect(manifest.images.count).toBeGreaterThanOrEqual(photosBefore);
    expect(manifest.members.every((m) => /^[0-9a-f]{64}$/.test(m.sha256))).toBe(true);
  }, 180_000);

  it('restores into an empty place: every write acknowledged before the backup, logins, photos', async () => {
    await h.close();
    await restoreBackup({ archive, target: restored.target, replace: false });
    const r = await startOn(restored);
    try {
      const before = acked.filter((a) => a.at <= backupStart);
      expect(before.length).toBeGreaterThanOrEqual(12);
      for (const a of before) await a.check(r);

      for (const [who, email] of [
        ['admin', null],
        ['citizen', citizenEmail],
      ] as const) {
        const rows = await r.database.sql.query<{ email: string }>(
          'SELECT email FROM users WHERE id = $1',
          [who === 'admin' ? admin.id : citizen.id],
        );
        const res = await r.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: email ?? rows[0]?.email, password: STRONG_PASSWORD },
        });
        expect(res.statusCode, who).toBe(200);
      }

      // Every photo of an acknowledged record is served, byte for byte.
      const served = await r.database.sql.query<{ file: string; thumb: string }>(
        'SELECT file, thumb FROM sepultado_fotos',
      );
      const referenced = served.flatMap((s) => [s.file, s.thumb]);
      expect(referenced.length).toBeGreaterThan(0);
      for (const file of referenced) {
        const res = await r.app.inject({ url: `/api/images/sepultados/${file}` });
        expect(res.statusCode, file).toBe(200);
        const original = photos.get(file);
        if (original) expect(res.rawPayload.equals(original)).toBe(true);
      }

      // Every table (history and whatever later migrations add) has the snapshot's rows.
      const { tables } = await countTables((text, params) => r.database.sql.query(text, params));
      expect(tables).toEqual(manifestTables);
    } finally {
      await r.close();
    }
  }, 180_000);
});

function fail(message: string): never {
  throw new Error(message);
}
