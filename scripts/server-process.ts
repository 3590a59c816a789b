/**
 * Starts the real server as a child process on a free port with its own DATA_DIR, waits for
 * /api/health, and stops it with SIGTERM. Used by the end-to-end tests and the benchmarks, so
 * both exercise exactly what `npm start` runs: the built server (dist/server/main.js, rebuilt
 * first when older than its sources). Another `entry` runs from source through tsx.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  pid: number;
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  env?: Record<string, string>;
  dataDir?: string;
  /** Script to run (through tsx) instead of the built server (e.g. the bare benchmark server). */
  entry?: string;
  timeoutMs?: number;
  healthPath?: string;
  /** Node's own flags for the server (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Node's flags for the built server, the same as `npm start` gives it (package.json; a unit test
 * holds the two together). --max-semi-space-size: V8's young generation grows to 2 × 16 MiB
 * while the server starts and kept all of it while idle; capped at 2 × 4 MiB it stays small and
 * gives pages back when idle (docs/decisions/0180-idle-memory.md).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4'] as const;

export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-srv-'));
  let log = '';
  if (!options.entry) {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), '--if-stale'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  }
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      ...(options.entry
        ? ['--import', 'tsx', options.entry]
        : [...SERVER_NODE_FLAGS, path.join(ROOT, 'dist/server/main.js')]),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`o servidor terminou ao iniciar (código ${child.exitCode}):\n${log}`);
    }
    try {
      const res = await fetch(`${url}${options.healthPath ?? '/api/health'}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`o servidor não respondeu a tempo:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    pid: child.pid ?? 0,
    child,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
