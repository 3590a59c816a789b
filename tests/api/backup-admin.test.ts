/**
 * The server's own backups (/api/admin/backups): admin only, off without BACKUP_DIR, one at a
 * time, BACKUP_KEEP kept, the archive downloadable and verifiable; BACKUP_DIR and BACKUP_KEEP
 * validated at start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { nextDaily } from '../../server/modules/backups/backup-service';
import { readManifest, verifyMembers } from '../../server/modules/backups/manifest';
import { BACKUP_MSG } from '../../src/domain/backup-messages';
import type { BackupStatus } from '../../src/domain/schemas/backup';
import { type DiskHarness, newPlace, type Place, startOn } from './backup-helpers';
import { type Actor, actor, auth, createWithPhotos } from './burials-helpers';
import { engines } from './helpers';
import { jpeg } from './image-fixtures';

describe('BACKUP_DIR and BACKUP_KEEP are validated', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: '/srv/memorial', ...env });
      return [];
    } catch (err) {
      return err instanceof ConfigError ? err.problems : ['?'];
    }
  };
  it('refuses a keep that is not a whole number from 1 to 1000', () => {
    for (const keep of ['0', '-1', 'sete', '1001', '2.5']) {
      expect(problems({ BACKUP_KEEP: keep })).toEqual([
        'BACKUP_KEEP deve ser um número inteiro entre 1 e 1000',
      ]);
    }
    expect(problems({ BACKUP_KEEP: '30' })).toEqual([]);
  });
  it('refuses a BACKUP_DIR inside what it copies', () => {
    const msg = 'BACKUP_DIR não pode ficar dentro de UPLOAD_DIR nem de DATA_DIR/pglite';
    expect(problems({ BACKUP_DIR: '/srv/memorial/images/copias' })).toEqual([msg]);
    expect(problems({ BACKUP_DIR: '/srv/memorial/pglite' })).toEqual([msg]);
    expect(problems({ BACKUP_DIR: '/srv/memorial/copias' })).toEqual([]);
  });
  it('defaults: off, 7 kept', () => {
    const c = loadConfig({ DATA_DIR: '/srv/memorial' });
    expect([c.backupDir, c.backupKeep]).toEqual([null, 7]);
  });
  it('the daily backup runs at 03:00', () => {
    const next = nextDaily(new Date(2026, 10, 28, 14, 0));
    expect([next.getDate(), next.getHours(), next.getMinutes()]).toEqual([29, 3, 0]);
    expect(nextDaily(new Date(2026, 10, 28, 2, 59)).getDate()).toBe(28);
  });
});

describe.each(engines)('/api/admin/backups ($name)', (engine) => {
  let place: Place;
  let h: DiskHarness;
  let admin: Actor;
  let backupDir: string;

  beforeAll(async () => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-copias-'));
    place = await newPlace(engine);
    place.env.BACKUP_DIR = backupDir;
    place.env.BACKUP_KEEP = '2';
    h = await startOn(place);
    admin = await actor(h, 'admin');
    await createWithPhotos(h, admin, [await jpeg(200, 100)]);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    await place?.drop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  const state = async () =>
    (
      await h.app.inject({ url: '/api/admin/backups', headers: auth(admin) })
    ).json() as BackupStatus;
  const finished = async () => {
    for (;;) {
      const s = await state();
      if (!s.running) return s;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('is for admins only', async () => {
    const citizen = await actor(h, 'usuario');
    const keeper = await actor(h, 'concessionario');
    for (const method of ['GET', 'POST'] as const) {
      expect((await h.app.inject({ method, url: '/api/admin/backups' })).statusCode).toBe(401);
      for (const who of [citizen, keeper]) {
        const res = await h.app.inject({ method, url: '/api/admin/backups', headers: auth(who) });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: BACKUP_MSG.forbidden });
      }
    }
  });

  it('makes one at a time, keeps BACKUP_KEEP, and serves a verifiable archive', async () => {
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      // Archives are named by the second they start.
      await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
      const first = await h.app.inject({
        method: 'POST',
        url: '/api/admin/backups',
        headers: auth(admin),
      });
      expect(first.statusCode).toBe(202);
      expect((first.json() as BackupStatus).running).toBe(true);
      if (i === 0) {
        const again = await h.app.inject({
          method: 'POST',
          url: '/api/admin/backups',
          headers: auth(admin),
        });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ message: BACKUP_MSG.running });
      }
      const done = await finished();
      expect(done.last?.ok, done.last?.message ?? '').toBe(true);
      names.push(done.last?.name ?? '');
    }
    const s = await state();
    expect(s.configured).toBe(true);
    expect(s.nextAt).not.toBeNull();
    expect(s.backups.map((b) => b.name)).toEqual([names[2], names[1]]);
    expect(fs.readdirSync(backupDir).sort()).toEqual([names[1], names[2]].sort());

    const res = await h.app.inject({ url: `/api/admin/backups/${names[2]}`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${names[2]}"`);
    const copy = path.join(place.dataDir, 'baixada.tar');
    fs.writeFileSync(copy, res.rawPayload);
    const verified = await readManifest(copy);
    expect(verified.manifest.engine).toBe(engine.name);
    expect(verified.manifest.images.count).toBeGreaterThanOrEqual(2);
    await verifyMembers(copy, verified, async () => null);
  }, 120_000);

  it('answers 404 for an unknown archive and 400 for a name that is not one', async () => {
    const missing = await h.app.inject({
      url: '/api/admin/backups/memorial-20200101-000000.tar',
      headers: auth(admin),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: BACKUP_MSG.notFound });
    const bad = await h.app.inject({
      url: '/api/admin/backups/..%2fjwt-secret',
      headers: auth(admin),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('/api/admin/backups without BACKUP_DIR', () => {
  it('says how to turn them on', async () => {
    const place = await newPlace({ name: 'pglite', url: null });
    const h = await startOn(place);
    try {
      const admin = await actor(h, 'admin');
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/admin/backups',
        headers: auth(admin),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: BACKUP_MSG.notConfigured });
      const s = (await h.app.inject({ url: '/api/admin/backups', headers: auth(admin) })).json();
      expect(s).toMatchObject({ configured: false, nextAt: null, backups: [] });
    } finally {
      await h.close();
      await place.drop();
    }
  });
});
