/**
 * What a backup and a restore refuse, on both engines: a target that holds data (unless
 * replacing), a cut archive, an altered byte anywhere (database, image, manifest), and a backup
 * that fails on a full disk leaving nothing that looks complete. Also the commands themselves:
 * `npm run backup`/`restore` end to end, the PGlite one refused while the server runs there,
 * and a missing pg_dump said in pt-BR.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../server/modules/backups/backup';
import { BackupError, readManifest } from '../../server/modules/backups/manifest';
import { restoreBackup } from '../../server/modules/backups/restore';
import { listTar } from '../../server/modules/backups/tar';
import { type DiskHarness, isEmptyPlace, newPlace, type Place, startOn } from './backup-helpers';
import { type Actor, actor, createRecord, createWithPhotos } from './burials-helpers';
import { engines } from './helpers';
import { jpeg } from './image-fixtures';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/tsx/dist/cli.mjs');

async function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [TSX, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe.each(engines)('backup and restore refusals ($name)', (engine) => {
  let source: Place;
  let h: DiskHarness;
  let admin: Actor;
  let archive: string;
  let recordId: string;
  const scratch: Place[] = [];
  const files: string[] = [];

  const emptyPlace = async () => {
    const p = await newPlace(engine);
    scratch.push(p);
    return p;
  };
  const copyOf = (name: string) => {
    const file = `${archive}.${name}`;
    fs.copyFileSync(archive, file);
    files.push(file);
    return file;
  };
  const backup = (out: string) =>
    createBackup({
      out,
      source: source.databaseUrl
        ? { kind: 'postgres', databaseUrl: source.databaseUrl }
        : { kind: 'pglite', client: h.database.pglite as NonNullable<typeof h.database.pglite> },
      uploadDir: h.config.uploadDir,
      appVersion: 'test',
    });

  beforeAll(async () => {
    source = await newPlace(engine);
    h = await startOn(source);
    admin = await actor(h, 'admin');
    recordId = (await createWithPhotos(h, admin, [await jpeg(300, 200)])).id;
    await createRecord(h, admin, { nome: 'Sem foto' });
    archive = `${source.dataDir}.tar`;
    files.push(archive);
    await backup(archive);
  }, 60_000);

  afterAll(async () => {
    await h?.close().catch(() => {});
    await source?.drop();
    for (const p of scratch) await p.drop();
    for (const f of files) fs.rmSync(f, { force: true });
  });

  it('refuses a target that holds data, and leaves it as it was', async () => {
    const target = source.target;
    await expect(restoreBackup({ archive, target, replace: false })).rejects.toThrow(
      /O destino não está vazio/,
    );
    const res = await h.app.inject({ url: `/api/sepultados/${recordId}` });
    expect(res.statusCode).toBe(200);
  });

  it('replaces a target that holds data when told to (--replace)', async () => {
    const other = await emptyPlace();
    const o = await startOn(other);
    const mine = await createRecord(o, await actor(o, 'admin'), { nome: 'Só no outro lugar' });
    await o.close();
    await restoreBackup({ archive, target: other.target, replace: true });
    const r = await startOn(other);
    try {
      expect((await r.app.inject({ url: `/api/sepultados/${recordId}` })).statusCode).toBe(200);
      expect((await r.app.inject({ url: `/api/sepultados/${mine.id}` })).statusCode).toBe(404);
    } finally {
      await r.close();
    }
  }, 60_000);

  it('refuses a truncated archive and restores nothing', async () => {
    const cut = copyOf('cut');
    fs.truncateSync(cut, Math.floor(fs.statSync(cut).size * 0.6));
    const place = await emptyPlace();
    const err = await restoreBackup({ archive: cut, target: place.target, replace: false }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/truncad|incompleto/);
    expect(await isEmptyPlace(place)).toBe(true);
  });

  it.each(['database', 'images', 'manifest.json'])(
    'refuses an archive with one altered byte in %s and restores nothing',
    async (which) => {
      const altered = copyOf(`altered-${which.replace('.', '-')}`);
      const member = (await listTar(altered)).find((m) => m.name.startsWith(which));
      if (!member) throw new Error(`no member ${which}`);
      const fd = fs.openSync(altered, 'r+');
      const at = member.offset + Math.floor(member.size / 2);
      const byte = Buffer.alloc(1);
      fs.readSync(fd, byte, 0, 1, at);
      fs.writeSync(fd, Buffer.from([(byte[0] ?? 0) ^ 0xff]), 0, 1, at);
      fs.closeSync(fd);
      const place = await emptyPlace();
      const err = await restoreBackup({
        archive: altered,
        target: place.target,
        replace: false,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as Error).message).toMatch(/alterado/);
      expect(await isEmptyPlace(place)).toBe(true);
    },
  );

  it('a backup that fails on a full disk leaves no file that looks complete', async () => {
    const out = `${source.dataDir}-full.tar`;
    // The partial file is the kernel's always-full device: every write fails with ENOSPC.
    fs.symlinkSync('/dev/full', `${out}.partial`);
    files.push(out, `${out}.partial`);
    await expect(backup(out)).rejects.toThrow(/Sem espaço em disco/);
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.existsSync(`${out}.partial`)).toBe(false);
    expect(fs.existsSync('/dev/full')).toBe(true);
  });

  it('npm run backup and npm run restore, end to end', async () => {
    const out = `${source.dataDir}-cli.tar`;
    files.push(out);
    if (engine.name === 'pglite') {
      // This test process plays the running server: refused, the files untouched.
      fs.writeFileSync(path.join(source.dataDir, 'server.pid'), `${process.pid}\n`);
      const refused = await cli(['server/backup-cli.ts', '--out', out], source.env);
      expect(refused.code).not.toBe(0);
      expect(refused.out).toMatch(/O servidor está em execução neste DATA_DIR/);
      expect(fs.existsSync(out)).toBe(false);
      fs.rmSync(path.join(source.dataDir, 'server.pid'));
      await h.close();
    }
    const made = await cli(['server/backup-cli.ts', '--out', out], source.env);
    expect(made.out).toMatch(/Pronto em/);
    expect(made.code).toBe(0);
    expect((await readManifest(out)).manifest.tables.sepultados).toBe(2);

    const place = await emptyPlace();
    const restored = await cli(['server/restore-cli.ts', '--from', out], place.env);
    expect(restored.out).toMatch(/Restaurado em/);
    const again = await cli(['server/restore-cli.ts', '--from', out], place.env);
    expect(again.code).not.toBe(0);
    expect(again.out).toMatch(/O destino não está vazio/);
    const r = await startOn(place);
    try {
      expect((await r.app.inject({ url: `/api/sepultados/${recordId}` })).statusCode).toBe(200);
    } finally {
      await r.close();
    }
    if (engine.name === 'pglite') h = await startOn(source);
  }, 240_000);

  it.runIf(engine.name === 'postgres')(
    'says in pt-BR when pg_dump is missing',
    async () => {
      const out = `${source.dataDir}-nopg.tar`;
      files.push(out);
      const res = await cli(['server/backup-cli.ts', '--out', out], {
        ...source.env,
        PATH: '/nonexistent',
      });
      expect(res.code).not.toBe(0);
      expect(res.out).toMatch(/pg_dump não foi encontrado\. Instale as ferramentas de cliente/);
      expect(fs.existsSync(out)).toBe(false);
      expect(fs.existsSync(`${out}.partial`)).toBe(false);
    },
    60_000,
  );
});
