/**
 * The archive's manifest: what it holds (engine, versions, each table's row count, the images)
 * and every member's sha256. It is the archive's last member but one; the last is the
 * manifest's own sha256, so a cut archive has no manifest and an altered manifest is seen.
 * A restore believes nothing in the archive until every byte matched this.
 */
import type { DbKind } from '../../db/sql-runner';
import { extractMember, listTar, readMember, TarFormatError, type TarMember } from './tar';

export const MANIFEST = 'manifest.json';
export const MANIFEST_SUM = 'manifest.json.sha256';
export const FORMAT = 'memorial-backup';
export const FORMAT_VERSION = 1;

export interface ManifestMember {
  name: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  engine: DbKind;
  /** When the database snapshot was taken (ISO): every write acknowledged before it is in. */
  createdAt: string;
  finishedAt: string;
  appVersion: string;
  /** The last migration applied to the database, e.g. "0020_search_pairs.sql". */
  migration: string | null;
  /** The tool that made the database member (pg_dump's version, or PGlite's). */
  dumpTool: string;
  /** The database member: database/postgres.dump (custom format) or database/pglite.tar.gz. */
  database: string;
  /** Rows of every table at the snapshot, by "table" (schema public) or "schema.table". */
  tables: Record<string, number>;
  images: { count: number; bytes: number };
  members: ManifestMember[];
}

/** A refusal (of the archive, the target, a missing tool), said to the operator as it is. */
export class BackupError extends Error {}

export interface VerifiedArchive {
  manifest: Manifest;
  members: Map<string, TarMember>;
}

function isManifest(value: unknown): value is Manifest {
  const m = value as Partial<Manifest> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.format === FORMAT &&
    (m.engine === 'pglite' || m.engine === 'postgres') &&
    typeof m.database === 'string' &&
    typeof m.tables === 'object' &&
    Array.isArray(m.members)
  );
}

/** Reads and checks the manifest (its own checksum); the members are checked by verifyMembers. */
export async function readManifest(archive: string): Promise<VerifiedArchive> {
  let list: TarMember[];
  try {
    list = await listTar(archive);
  } catch (err) {
    if (err instanceof TarFormatError) {
      throw new BackupError(
        `Arquivo de cópia inválido ou truncado (${err.message}): nada foi restaurado.`,
      );
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(`Arquivo não encontrado: ${archive}`);
    }
    throw err;
  }
  const members = new Map(list.map((m) => [m.name, m]));
  const manifestMember = members.get(MANIFEST);
  const sumMember = members.get(MANIFEST_SUM);
  if (!manifestMember || !sumMember || list.at(-1)?.name !== MANIFEST_SUM) {
    throw new BackupError(
      'Arquivo de cópia incompleto: falta o manifesto (cópia interrompida ou truncada). Nada foi restaurado.',
    );
  }
  const expected = (await readMember(archive, sumMember)).toString('ascii').trim();
  const actual = await extractMember(archive, manifestMember, null);
  if (expected !== actual) {
    throw new BackupError(
      'Arquivo de cópia alterado: o manifesto não confere com a sua soma de verificação. Nada foi restaurado.',
    );
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse((await readMember(archive, manifestMember)).toString('utf8'));
  } catch {
    throw new BackupError('Manifesto ilegível: nada foi restaurado.');
  }
  if (!isManifest(manifest)) {
    throw new BackupError('Este arquivo não é uma cópia de segurança do Memorial.');
  }
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `Cópia feita por uma versão mais nova do Memorial (formato ${manifest.formatVersion}): atualize o Memorial antes de restaurá-la.`,
    );
  }
  const listed = new Set(manifest.members.map((m) => m.name));
  for (const name of members.keys()) {
    if (name !== MANIFEST && name !== MANIFEST_SUM && !listed.has(name)) {
      throw new BackupError(`Arquivo de cópia alterado: "${name}" não consta do manifesto.`);
    }
  }
  return { manifest, members };
}

/**
 * Reads every member the manifest lists, checking its size and sha256, and hands each one
 * to `place` (which answers where to copy it, or null to only check it).
 */
export async function verifyMembers(
  archive: string,
  verified: VerifiedArchive,
  place: (name: string) => Promise<string | null>,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<void> {
  const { manifest, members } = verified;
  let done = 0;
  for (const expected of manifest.members) {
    const member = members.get(expected.name);
    if (!member) {
      throw new BackupError(`Arquivo de cópia incompleto: falta "${expected.name}".`);
    }
    const sha256 = await extractMember(archive, member, await place(expected.name));
    if (member.size !== expected.size || sha256 !== expected.sha256) {
      throw new BackupError(
        `Arquivo de cópia alterado: o conteúdo de "${expected.name}" não confere com o manifesto. Nada foi restaurado.`,
      );
    }
    done += 1;
    if (done % 500 === 0 || done === manifest.members.length) {
      onProgress(done, manifest.members.length);
    }
  }
}
