/**
 * /admin/cemiterios (admins): the city's cemeteries with their record counts; add one, edit
 * one (a new name is written to all its records), merge one into another (its records move,
 * it is removed), open its public page or its plan. Every change needs a connection.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { createCemetery, editCemetery, mergeCemetery, useCemeteries } from '../../data/cemeteries';
import { ApiFailure } from '../../data/failure';
import { CEM_MSG, recordCountText } from '../../domain/cemetery-messages';
import type { Cemetery, CemeteryCreate } from '../../domain/cemetery-types';
import { useFlash } from '../../ui/flash';
import { CemeteryForm } from './cemetery-form';
import { CemeteryMerge } from './cemetery-merge';
import './cemeteries.css';

type Mode = { kind: 'none' } | { kind: 'new' } | { kind: 'edit' | 'merge'; id: string };

export default function CemeteriesAdminPage() {
  const flash = useFlash();
  const { list, error, reload } = useCemeteries();
  const [mode, setMode] = useState<Mode>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);

  async function run(action: () => Promise<Cemetery>, done: string) {
    if (!navigator.onLine) {
      flash.error(CEM_MSG.needsSignal);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      await action();
      flash.success(done);
      setMode({ kind: 'none' });
      reload();
    } catch (err) {
      const failure = err instanceof ApiFailure ? err : null;
      if (failure?.field && failure.status !== 422) {
        setServerError({ field: failure.field, message: failure.message });
      } else {
        flash.error(
          failure?.offline ? CEM_MSG.needsSignal : (failure?.message ?? CEM_MSG.saveError),
        );
      }
    } finally {
      setBusy(false);
    }
  }

  const open = (next: Mode) => {
    setServerError(null);
    setMode(next);
  };

  return (
    <section className="page cemeteries-admin" aria-labelledby="cemiterios-titulo">
      <h1 id="cemiterios-titulo">{CEM_MSG.listTitle}</h1>
      <p className="muted">
        Cada registro pertence a um cemitério. Com mais de um cemitério, os visitantes podem
        escolher em qual procurar.
      </p>
      {error && <p className="form-alert">{error}</p>}
      {list === null && !error && <p className="loading">Carregando…</p>}
      {mode.kind === 'new' ? (
        <div className="cemetery-panel">
          <h2>Novo cemitério</h2>
          <CemeteryForm
            initial={null}
            busy={busy}
            serverError={serverError}
            submitLabel="Cadastrar cemitério"
            onSubmit={(body: CemeteryCreate) => run(() => createCemetery(body), CEM_MSG.created)}
            onCancel={() => open({ kind: 'none' })}
          />
        </div>
      ) : (
        <p>
          <button type="button" className="btn btn-primary" onClick={() => open({ kind: 'new' })}>
            Novo cemitério
          </button>
        </p>
      )}
      <ul className="cemetery-list">
        {list?.map((c) => (
          <li key={c.id} className="cemetery-item">
            <h2 className="cemetery-name">{c.nome}</h2>
            <p className="muted">
              {recordCountText(c.total)}
              {c.endereco ? ` · ${c.endereco}` : ''}
            </p>
            {mode.kind === 'edit' && mode.id === c.id ? (
              <CemeteryForm
                initial={c}
                busy={busy}
                serverError={serverError}
                submitLabel="Salvar"
                onSubmit={(body) => run(() => editCemetery(c.id, body), CEM_MSG.saved)}
                onCancel={() => open({ kind: 'none' })}
              />
            ) : mode.kind === 'merge' && mode.id === c.id ? (
              <CemeteryMerge
                source={c}
                others={list.filter((o) => o.id !== c.id)}
                busy={busy}
                onMerge={(destino) => run(() => mergeCemetery(c.id, destino), CEM_MSG.merged)}
                onCancel={() => open({ kind: 'none' })}
              />
            ) : (
              <div className="cemetery-actions">
                <button
                  type="button"
                  className="btn"
                  aria-label={`Editar ${c.nome}`}
                  onClick={() => open({ kind: 'edit', id: c.id })}
                >
                  Editar
                </button>
                {list.length > 1 && (
                  <button
                    type="button"
                    className="btn"
                    aria-label={`Mesclar ${c.nome} com outro cemitério`}
                    onClick={() => open({ kind: 'merge', id: c.id })}
                  >
                    Mesclar…
                  </button>
                )}
                <Link to={`/admin/mapa?cemiterio=${c.id}`}>Plano</Link>
                <Link to={`/cemiterios/${c.id}`}>Página pública</Link>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
