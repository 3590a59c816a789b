/**
 * /admin/copias (admins): "Cópias de segurança". The server's backups in BACKUP_DIR: when the
 * next daily one runs, a button that makes one now (its step and progress while it runs, the
 * result when done), and the kept archives to download. Restoring is a command on the server
 * (`npm run restore`), never a button: it replaces everything (docs/backups.md).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { backupStatus, downloadBackup, startBackup } from '../../data/backups';
import { ApiFailure } from '../../data/failure';
import { BACKUP_STEP_LABEL } from '../../domain/backup-messages';
import type { BackupStatus } from '../../domain/schemas/backup';
import { useLoad } from '../../lib/use-load';
import { useFlash } from '../../ui/flash';
import './backups.css';

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function size(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb >= 1024
    ? `${(mb / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} GB`
    : `${mb.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

function Progress({ status }: { status: BackupStatus }) {
  const label = status.step ? BACKUP_STEP_LABEL[status.step] : 'Preparando';
  const counted = status.step === 'imagens' && status.total > 0;
  return (
    <div role="status" className="backup-running">
      <label htmlFor="backup-progress">
        {label}
        {counted &&
          `: ${status.done.toLocaleString('pt-BR')} de ${status.total.toLocaleString('pt-BR')}`}
        …
      </label>
      <progress
        id="backup-progress"
        {...(counted ? { value: status.done, max: status.total } : {})}
      />
    </div>
  );
}

export default function BackupsPage() {
  const flash = useFlash();
  const { state, reload, setValue } = useLoad(backupStatus, []);
  const [downloading, setDownloading] = useState<string | null>(null);
  const status =
    state.phase === 'done' ? state.value : state.phase === 'loading' ? state.last : undefined;
  const running = status?.running ?? false;
  const failure = state.phase === 'failed' ? state.error : null;

  // While one runs, its progress is asked for every second.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(reload, 1000);
    return () => clearInterval(timer);
  }, [running, reload]);

  useEffect(() => {
    if (failure) flash.error(failure instanceof ApiFailure ? failure.message : String(failure));
  }, [failure, flash]);

  async function start() {
    try {
      setValue(await startBackup());
    } catch (err) {
      flash.error(err instanceof ApiFailure ? err.message : String(err));
      reload();
    }
  }

  async function download(name: string) {
    setDownloading(name);
    try {
      saveBlob(await downloadBackup(name), name);
    } catch (err) {
      flash.error(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setDownloading(null);
    }
  }

  return (
    <section className="page backups">
      <h1>Cópias de segurança</h1>
      <p>
        <Link to="/sepultados/meumemorial">← Voltar ao gerenciamento</Link>
      </p>
      {!status && state.phase !== 'failed' && <p className="loading">Carregando…</p>}
      {status && !status.configured && (
        <p className="backup-off">
          As cópias de segurança do servidor estão desligadas. Peça a quem cuida do servidor para
          definir <code>BACKUP_DIR</code> (a pasta onde ficam as cópias) e reiniciá-lo.
        </p>
      )}
      {status?.configured && (
        <>
          <p className="muted">
            Cada cópia guarda o banco de dados inteiro e todas as fotos, conferidos por somas de
            verificação. O servidor faz uma por dia
            {status.nextAt ? ` (a próxima: ${when(status.nextAt)})` : ''} e guarda as {status.keep}{' '}
            mais recentes. Guarde também uma cópia fora deste servidor.
          </p>
          <div className="backup-actions">
            <button type="button" className="btn btn-primary" disabled={running} onClick={start}>
              Fazer uma cópia agora
            </button>
          </div>
          {running && <Progress status={status} />}
          {!running && status.last && (
            <p role="status" className={status.last.ok ? 'backup-ok' : 'backup-failed'}>
              {status.last.ok
                ? `Última cópia concluída em ${when(status.last.finishedAt)}.`
                : `A última cópia falhou (${when(status.last.finishedAt)}): ${status.last.message ?? ''}`}
            </p>
          )}
          <h2>Cópias guardadas</h2>
          {status.backups.length === 0 ? (
            <p className="muted">Nenhuma cópia ainda.</p>
          ) : (
            <ul className="backup-list">
              {status.backups.map((b) => (
                <li key={b.name}>
                  <span>
                    {when(b.createdAt)} · {size(b.bytes)}
                  </span>
                  <button
                    type="button"
                    className="btn"
                    disabled={downloading !== null}
                    aria-label={`Baixar a cópia de ${when(b.createdAt)}`}
                    onClick={() => download(b.name)}
                  >
                    {downloading === b.name ? 'Baixando…' : 'Baixar'}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
