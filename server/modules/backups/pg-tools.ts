/**
 * PostgreSQL's own client tools (pg_dump, pg_restore, psql), run as child processes. The
 * password travels in PGPASSWORD, not on the command line (where `ps` would show it). A missing
 * tool or a client older than the server is said in pt-BR with what to install.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { BackupError } from './manifest';

export interface PgTarget {
  /** The connection URL without its password. */
  url: string;
  env: NodeJS.ProcessEnv;
}

export function pgTarget(databaseUrl: string): PgTarget {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

const MISSING =
  'não foi encontrado. Instale as ferramentas de cliente do PostgreSQL (no Debian/Ubuntu: apt-get install postgresql-client), na mesma versão do servidor ou mais nova, e tente de novo.';

/** Starts a tool; its stderr is kept for the error message. */
export function startTool(
  tool: 'pg_dump' | 'pg_restore' | 'psql',
  args: string[],
  env: NodeJS.ProcessEnv,
  stdio: { stdin?: 'pipe' | 'ignore'; stdout?: 'pipe' | 'ignore' } = {},
): { child: ChildProcess; done: Promise<void> } {
  const child = spawn(tool, args, {
    env,
    stdio: [stdio.stdin ?? 'ignore', stdio.stdout ?? 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    if (stderr.length < 8000) stderr += chunk;
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'ENOENT' ? new BackupError(`${tool} ${MISSING}`) : err);
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const text = stderr.trim();
      if (/server version mismatch/i.test(text)) {
        return reject(
          new BackupError(
            `O ${tool} desta máquina é mais antigo que o servidor PostgreSQL: instale o cliente na versão do servidor.\n${text}`,
          ),
        );
      }
      reject(new BackupError(`${tool} falhou (${signal ?? `código ${code}`}):\n${text}`));
    });
  });
  return { child, done };
}

/** The version line of a tool (e.g. "pg_dump (PostgreSQL) 15.20"). */
export async function toolVersion(tool: 'pg_dump' | 'psql'): Promise<string> {
  const { child, done } = startTool(tool, ['--version'], process.env, { stdout: 'pipe' });
  let out = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    out += chunk;
  });
  await done;
  return out.trim();
}

/** Pipes one tool's stdout into another's stdin and waits for both. */
export async function pipeTools(
  from: { child: ChildProcess; done: Promise<void> },
  to: { child: ChildProcess; done: Promise<void> },
): Promise<void> {
  const out = from.child.stdout as Readable;
  const inp = to.child.stdin as Writable;
  inp.on('error', () => {});
  out.pipe(inp);
  // The receiver's failure is the one to report (it names the statement); then the sender's.
  const results = await Promise.allSettled([to.done, from.done]);
  for (const r of results) if (r.status === 'rejected') throw r.reason;
}
