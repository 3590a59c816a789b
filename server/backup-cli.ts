/**
 * npm run backup -- --out FILE
 *
 * Writes one archive of the database and the uploaded images (modules/backups/backup.ts).
 * PostgreSQL (DATABASE_URL): pg_dump, while the server runs and writes go on. PGlite: the
 * files in DATA_DIR, which one process may open at a time, so this refuses while the server
 * runs there (the server makes the same archive itself: BACKUP_DIR, or the admin's button).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { loadCliConfig } from './cli-setup';
import { appVersion } from './lib/app-version';
import { runningServer } from './lib/pid-file';
import { type BackupStep, createBackup } from './modules/backups/backup';
import { formatBytes, optionValue, stoppedServerMessage } from './modules/backups/cli-text';
import { BackupError } from './modules/backups/manifest';

const STEP: Record<BackupStep, string> = {
  banco: 'banco de dados',
  imagens: 'imagens',
  gravando: 'gravando o manifesto',
};

async function main(): Promise<void> {
  const out = optionValue(process.argv.slice(2), '--out');
  if (!out) throw new BackupError('Uso: npm run backup -- --out ARQUIVO.tar');
  const config = loadCliConfig();
  const file = path.resolve(out);
  if (fs.existsSync(file)) throw new BackupError(`${file} já existe: escolha outro nome.`);
  const started = Date.now();
  const onProgress = (step: BackupStep, done: number, total: number) => {
    if (step === 'imagens' && done < total) console.log(`  ${STEP[step]}: ${done}/${total}`);
    else if (done === total) console.log(`  ${STEP[step]}: pronto`);
  };
  let client: PGlite | null = null;
  try {
    let result: Awaited<ReturnType<typeof createBackup>>;
    if (config.databaseUrl) {
      console.log(
        `Cópia de segurança de PostgreSQL (DATABASE_URL) e ${config.uploadDir} em ${file}…`,
      );
      result = await createBackup({
        out: file,
        source: { kind: 'postgres', databaseUrl: config.databaseUrl },
        uploadDir: config.uploadDir,
        appVersion: appVersion(),
        onProgress,
      });
    } else {
      const dir = path.join(config.dataDir, 'pglite');
      const pid = runningServer(config.dataDir);
      if (pid) throw new BackupError(stoppedServerMessage(pid, config.dataDir, 'backup'));
      if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
        throw new BackupError(`Não há banco em ${dir}: confira DATA_DIR.`);
      }
      console.log(`Cópia de segurança de ${config.dataDir} em ${file}…`);
      client = await PGlite.create({ dataDir: dir, extensions: { unaccent, pg_trgm } });
      result = await createBackup({
        out: file,
        source: { kind: 'pglite', client },
        uploadDir: config.uploadDir,
        appVersion: appVersion(),
        onProgress,
      });
    }
    const m = result.manifest;
    const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Pronto em ${((Date.now() - started) / 1000).toFixed(1)} s: ${formatBytes(result.bytes)}, ` +
        `${Object.keys(m.tables).length} tabelas (${rows} linhas; sepultados: ${m.tables.sepultados ?? 0}), ` +
        `${m.images.count} imagens. Instante da cópia: ${m.createdAt}.`,
    );
  } finally {
    await client?.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
});
