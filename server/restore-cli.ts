/**
 * npm run restore -- --from FILE [--replace]
 *
 * Fills an empty DATA_DIR (PGlite) or the empty database of DATABASE_URL, and UPLOAD_DIR,
 * from an archive made by `npm run backup` or the server (modules/backups/restore.ts). The
 * archive is checked whole before anything is touched; a place that holds data is refused
 * unless --replace. Stop the server first (PGlite: refused while it runs on that DATA_DIR).
 */
import path from 'node:path';
import { loadCliConfig } from './cli-setup';
import { runningServer } from './lib/pid-file';
import { optionValue, stoppedServerMessage } from './modules/backups/cli-text';
import { BackupError } from './modules/backups/manifest';
import { restoreBackup } from './modules/backups/restore';

const STEP = { verificando: 'conferindo o arquivo', banco: 'banco de dados', imagens: 'imagens' };

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const from = optionValue(args, '--from');
  if (!from) throw new BackupError('Uso: npm run restore -- --from ARQUIVO.tar [--replace]');
  const replace = args.includes('--replace');
  const config = loadCliConfig();
  const pid = runningServer(config.dataDir);
  if (pid) throw new BackupError(stoppedServerMessage(pid, config.dataDir, 'restore'));
  const started = Date.now();
  console.log(
    `Restaurando ${path.resolve(from)} em ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir}…`,
  );
  const result = await restoreBackup({
    archive: path.resolve(from),
    target: config.databaseUrl
      ? {
          kind: 'postgres',
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          uploadDir: config.uploadDir,
        }
      : { kind: 'pglite', dataDir: config.dataDir, uploadDir: config.uploadDir },
    replace,
    onProgress: (step, done, total) => {
      console.log(`  ${STEP[step]}: ${done === total ? 'pronto' : `${done}/${total}`}`);
    },
  });
  console.log(
    `Restaurado em ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.tables} tabelas e ${result.images} imagens conferidas.`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
});
