/**
 * Runs one of the server's own files as a short child process and waits for it: work whose
 * memory must be given back when it ends (PGlite's initdb, the first start with the demo).
 * Same runtime as this process; a TypeScript file (development, tests) gets tsx's loader when
 * this process was not started through it (vitest transforms in-process, so its workers have none).
 */
import { spawn } from 'node:child_process';

export async function runChild(file: string, args: string[], failure: string): Promise<void> {
  const hasLoader = process.execArgv.some((arg) => arg.includes('tsx'));
  const loader = file.endsWith('.ts') && !hasLoader ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, ...process.execArgv, file, ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${failure} (código ${code})`);
}
