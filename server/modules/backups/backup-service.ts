/**
 * The server's own backups, in BACKUP_DIR: one a day at 03:00 (server time) and one whenever
 * an admin asks; BACKUP_KEEP of them are kept, the oldest removed after a new one succeeded.
 * The same archive as `npm run backup` (backup.ts): on PGlite the server is the only process
 * that may open DATA_DIR, so it is the one that makes it while it runs.
 * One backup at a time; its step and progress are what the admin screen shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { BACKUP_MSG } from '../../../src/domain/backup-messages';
import type { BackupFile, BackupStatus, BackupStep } from '../../../src/domain/schemas/backup';
import type { AppContext } from '../../context';
import { appVersion } from '../../lib/app-version';
import { conflict } from '../../lib/http-error';
import { type BackupSource, createBackup } from './backup';
import { BackupError } from './manifest';

const NAME = /^memorial-\d{8}-\d{6}\.tar$/;
const DAILY_HOUR = 3;

function stamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/** The next time the clock reads DAILY_HOUR:00 after `now`. */
export function nextDaily(now: Date): Date {
  const next = new Date(now);
  next.setHours(DAILY_HOUR, 0, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next;
}

export class BackupService {
  private status: Omit<BackupStatus, 'configured' | 'keep' | 'nextAt' | 'backups'> = {
    running: false,
    step: null,
    done: 0,
    total: 0,
    startedAt: null,
    last: null,
  };
  private current: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private nextAt: Date | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  get dir(): string | null {
    return this.ctx.config.backupDir;
  }

  /** Starts the daily schedule (when BACKUP_DIR is set) and clears what a crash left. */
  schedule(now = new Date()): void {
    const dir = this.dir;
    if (!dir) return;
    fs.mkdirSync(dir, { recursive: true });
    for (const name of fs.readdirSync(dir)) {
      if (name.endsWith('.partial') || name.startsWith('.memorial-backup-')) {
        fs.rmSync(path.join(dir, name), { recursive: true, force: true });
      }
    }
    this.nextAt = nextDaily(now);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start().catch(() => {});
      this.schedule();
    }, this.nextAt.getTime() - now.getTime());
    this.timer.unref();
  }

  /** Stops the schedule and waits for a backup in progress (it holds the database). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current?.catch(() => {});
  }

  async state(): Promise<BackupStatus> {
    return {
      configured: this.dir !== null,
      keep: this.ctx.config.backupKeep,
      nextAt: this.nextAt?.toISOString() ?? null,
      ...this.status,
      backups: await this.list(),
    };
  }

  async list(): Promise<BackupFile[]> {
    const dir = this.dir;
    if (!dir || !fs.existsSync(dir)) return [];
    const names = (await fs.promises.readdir(dir)).filter((n) => NAME.test(n));
    const files = await Promise.all(
      names.map(async (name) => {
        const st = await fs.promises.stat(path.join(dir, name));
        return { name, bytes: st.size, createdAt: st.mtime.toISOString() };
      }),
    );
    return files.sort((a, b) => b.name.localeCompare(a.name));
  }

  /** The archive's path when it is one of ours, else null. */
  fileOf(name: string): string | null {
    const dir = this.dir;
    if (!dir || !NAME.test(name)) return null;
    const file = path.join(dir, name);
    return fs.existsSync(file) ? file : null;
  }

  /** Begins a backup (refused while one runs); the answer does not wait for it. */
  start(): Promise<void> {
    const dir = this.dir;
    if (!dir) throw conflict(BACKUP_MSG.notConfigured);
    if (this.current) throw conflict(BACKUP_MSG.running);
    const started = new Date();
    const name = `memorial-${stamp(started)}.tar`;
    this.status = {
      running: true,
      step: 'banco',
      done: 0,
      total: 0,
      startedAt: started.toISOString(),
      last: this.status.last,
    };
    const run = this.run(path.join(dir, name)).finally(() => {
      this.current = null;
    });
    this.current = run;
    return run;
  }

  private async run(out: string): Promise<void> {
    const { config, database } = this.ctx;
    const source: BackupSource | null =
      database.kind === 'postgres' && config.databaseUrl
        ? { kind: 'postgres', databaseUrl: config.databaseUrl }
        : database.pglite
          ? { kind: 'pglite', client: database.pglite }
          : null;
    try {
      if (!source) throw new BackupError('banco sem suporte a cópia de segurança');
      await fs.promises.mkdir(path.dirname(out), { recursive: true });
      const result = await createBackup({
        out,
        source,
        uploadDir: config.uploadDir,
        appVersion: appVersion(),
        onProgress: (step: BackupStep, done, total) => {
          Object.assign(this.status, { step, done, total });
        },
      });
      await this.prune();
      this.finish(true, path.basename(out), null);
      this.log.info(
        { file: out, bytes: result.bytes, images: result.manifest.images.count },
        'backup written',
      );
    } catch (err) {
      const message = err instanceof BackupError ? err.message : BACKUP_MSG.failed;
      this.finish(false, null, message);
      this.log.error({ err, file: out }, 'backup failed');
      throw err;
    }
  }

  private finish(ok: boolean, name: string | null, message: string | null): void {
    this.status = {
      running: false,
      step: null,
      done: 0,
      total: 0,
      startedAt: null,
      last: { ok, finishedAt: new Date().toISOString(), name, message },
    };
  }

  /** Keeps the BACKUP_KEEP newest archives. */
  private async prune(): Promise<void> {
    const dir = this.dir;
    if (!dir) return;
    const old = (await this.list()).slice(this.ctx.config.backupKeep);
    for (const f of old) await fs.promises.rm(path.join(dir, f.name), { force: true });
  }
}
