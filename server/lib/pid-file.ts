/**
 * DATA_DIR/server.pid while a server holds the embedded database: PGlite has no lock of its
 * own and allows one process per DATA_DIR, so the command-line tools that open it (backup,
 * restore) look here first and refuse while that process lives.
 */
import fs from 'node:fs';
import path from 'node:path';

function pidFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

export function writePidFile(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(pidFile(dataDir), `${process.pid}\n`);
}

export function removePidFile(dataDir: string): void {
  try {
    if (fs.readFileSync(pidFile(dataDir), 'utf8').trim() === String(process.pid)) {
      fs.rmSync(pidFile(dataDir), { force: true });
    }
  } catch {
    // already gone
  }
}

/** The id of a live server process using this DATA_DIR, or null. */
export function runningServer(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it lives, under another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  // A stale file whose id was reused by some other program does not count (Linux tells).
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!/node|tsx/.test(cmdline)) return null;
  } catch {
    // no /proc: trust the live id
  }
  return pid;
}
