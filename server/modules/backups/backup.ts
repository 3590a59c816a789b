/**
 * Writes one backup archive: the database snapshot (snapshot.ts), then every image under
 * UPLOAD_DIR, then the manifest and its checksum. Written to FILE.partial, fsynced, and only
 * then renamed to FILE: a backup that fails (a full disk) leaves nothing that looks complete.
 *
 * Images and the snapshot agree: an image is written before the row that names it commits,
 * and images are never rewritten (random names), so every image the snapshot references
 * existed when it was taken. Removals are held during the copy in this process
 * (lib/image-removal-hold.ts); on PostgreSQL, where other processes may write, every image is
 * also hard-linked aside before the snapshot, so one removed after it is still copied.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { holdImageRemovals } from '../../lib/image-removal-hold';
import {
  BackupError,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  MANIFEST_SUM,
  type Manifest,
  type ManifestMember,
} from './manifest';
import { type DbSnapshot, snapshotPglite, snapshotPostgres } from './snapshot';
import { TarWriter } from './tar';

export type BackupSource =
  | { kind: 'postgres'; databaseUrl: string }
  | { kind: 'pglite'; client: PGlite };

export type BackupStep = 'banco' | 'imagens' | 'gravando';

export interface BackupOptions {
  out: string;
  source: BackupSource;
  uploadDir: string;
  appVersion: string;
  onProgress?: (step: BackupStep, done: number, total: number) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** Every image file under the upload folder, as paths relative to it (dot-folders skipped). */
export async function listImages(uploadDir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(uploadDir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) out.push(child);
    }
  };
  await walk('');
  return out.sort();
}

/** Hard links (or copies, across file systems) every image into `aside`. */
async function linkAside(uploadDir: string, aside: string, images: string[]): Promise<void> {
  for (const rel of images) {
    const dest = path.join(aside, rel);
    await fs.promises.mkdir(path.dirname(dest), { recursive: true });
    try {
      await fs.promises.link(path.join(uploadDir, rel), dest);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue;
      if (code === 'EXDEV' || code === 'EPERM') {
        await fs.promises.copyFile(path.join(uploadDir, rel), dest).catch(() => {});
      } else throw err;
    }
  }
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { out, uploadDir } = options;
  const progress = options.onProgress ?? (() => {});
  const partial = `${out}.partial`;
  const work = path.join(
    path.dirname(path.resolve(out)),
    `.memorial-backup-${crypto.randomBytes(6).toString('hex')}`,
  );
  const aside = path.join(uploadDir, `.backup-${crypto.randomBytes(6).toString('hex')}`);
  const release = holdImageRemovals();
  let file: fs.promises.FileHandle | null = null;
  try {
    await fs.promises.mkdir(work, { recursive: true });
    progress('banco', 0, 1);
    let snapshot: DbSnapshot;
    if (options.source.kind === 'postgres') {
      await linkAside(uploadDir, aside, await listImages(uploadDir));
      snapshot = await snapshotPostgres(options.source.databaseUrl, work);
    } else {
      snapshot = await snapshotPglite(options.source.client, work);
    }
    progress('banco', 1, 1);

    file = await fs.promises.open(partial, 'w');
    const tar = new TarWriter(file);
    const members: ManifestMember[] = [];
    const db = await tar.addFile(snapshot.member, snapshot.file);
    if (!db) throw new Error('o arquivo do banco sumiu durante a cópia');
    members.push({ name: snapshot.member, ...db });
    await fs.promises.rm(work, { recursive: true, force: true });

    // Listed after the snapshot: every image it may reference is here (or aside).
    const images = await listImages(uploadDir);
    const asideImages = new Set(await listImages(aside));
    const listed = new Set(images);
    for (const rel of asideImages) if (!listed.has(rel)) images.push(rel);
    let bytes = 0;
    let done = 0;
    for (const rel of images) {
      let added = await tar.addFile(`images/${rel}`, path.join(uploadDir, rel));
      if (!added && asideImages.has(rel)) {
        added = await tar.addFile(`images/${rel}`, path.join(aside, rel));
      }
      done += 1;
      if (done % 200 === 0) progress('imagens', done, images.length);
      if (!added) continue; // removed after being listed, and not in the snapshot's time
      members.push({ name: `images/${rel}`, ...added });
      bytes += added.size;
    }
    progress('imagens', images.length, images.length);

    progress('gravando', 0, 1);
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      engine: options.source.kind,
      createdAt: snapshot.at.toISOString(),
      finishedAt: new Date().toISOString(),
      appVersion: options.appVersion,
      migration: snapshot.migration,
      dumpTool: snapshot.dumpTool,
      database: snapshot.member,
      tables: snapshot.tables,
      images: { count: members.length - 1, bytes },
      members,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const sum = await tar.addBuffer(MANIFEST, manifestBytes);
    await tar.addBuffer(MANIFEST_SUM, Buffer.from(`${sum}\n`));
    await tar.finish();
    await file.sync();
    await file.close();
    file = null;
    await fs.promises.rename(partial, out);
    await syncDir(path.dirname(path.resolve(out)));
    progress('gravando', 1, 1);
    return { file: out, bytes: tar.bytes, manifest };
  } catch (err) {
    await file?.close().catch(() => {});
    await fs.promises.rm(partial, { force: true });
    if ((err as NodeJS.ErrnoException).code === 'ENOSPC') {
      throw new BackupError(
        `Sem espaço em disco para a cópia de segurança em ${path.dirname(path.resolve(out))}: nenhum arquivo foi deixado.`,
      );
    }
    throw err;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
    await fs.promises.rm(aside, { recursive: true, force: true });
    await release();
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the rename is then as durable as they are.
  } finally {
    await handle.close();
  }
}
