/** The version in package.json (recorded in backups' manifests). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

export function appVersion(): string {
  if (cached) return cached;
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json');
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string };
  cached = parsed.version ?? '0.0.0';
  return cached;
}
