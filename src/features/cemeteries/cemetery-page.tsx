/**
 * /cemiterios/:id (public): a cemetery's page — name, address, opening hours, how many records,
 * a search narrowed to it, and its plan when one was uploaded. Without signal, the device's copy
 * of the list (once seen) answers.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { chooseCemetery, fetchCemetery } from '../../data/cemeteries';
import { ApiFailure } from '../../data/failure';
import { CEM_MSG, recordCountText } from '../../domain/cemetery-messages';
import type { Cemetery } from '../../domain/cemetery-types';
import { API_BASE } from '../../lib/api-base';
import './cemeteries.css';

const RESULTS = '/sepultados/pesquisa';

export default function CemeteryPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [cemetery, setCemetery] = useState<Cemetery | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [term, setTerm] = useState('');
  const inputId = useId();

  useEffect(() => {
    let live = true;
    setCemetery(null);
    setError(null);
    fetchCemetery(id).then(
      (found) => live && setCemetery(found),
      (err: unknown) => {
        if (!live) return;
        setError(err instanceof ApiFailure ? err.message : CEM_MSG.listLoadError);
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  function search(event: FormEvent) {
    event.preventDefault();
    const q = term.trim();
    if (!q || !cemetery) return;
    chooseCemetery(cemetery.id);
    navigate(`${RESULTS}?q=${encodeURIComponent(q)}&cemiterio=${encodeURIComponent(cemetery.id)}`);
  }

  if (error) {
    return (
      <section className="page cemetery-page">
        <h1>{CEM_MSG.listTitle}</h1>
        <p className="form-alert">{error}</p>
      </section>
    );
  }
  if (!cemetery) return <p className="loading">Carregando…</p>;
  const { latitude, longitude, plan } = cemetery;
  return (
    <section className="page cemetery-page" aria-labelledby="cemiterio-nome">
      <h1 id="cemiterio-nome">{cemetery.nome}</h1>
      <p className="cemetery-count">{recordCountText(cemetery.total)}</p>
      <dl>
        {cemetery.endereco && (
          <div>
            <dt>Endereço</dt>
            <dd>{cemetery.endereco}</dd>
          </div>
        )}
        {cemetery.horario && (
          <div>
            <dt>Horário de funcionamento</dt>
            <dd>{cemetery.horario}</dd>
          </div>
        )}
      </dl>
      {latitude !== null && longitude !== null && (
        <p>
          <a
            href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`}
            target="_blank"
            rel="noreferrer"
          >
            Ver a entrada no mapa
          </a>
        </p>
      )}
      <search aria-label={`Procurar sepultado em ${cemetery.nome}`}>
        <form onSubmit={search} className="query-form">
          <label htmlFor={inputId}>Procurar sepultado neste cemitério</label>
          <div className="query-form-row">
            <input
              id={inputId}
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={!term.trim()}>
              Procurar
            </button>
          </div>
        </form>
      </search>
      {plan && (
        <figure className="cemetery-plan-preview">
          <img
            src={`${API_BASE}/images/plano/${plan.image}`}
            alt={`Plano do ${cemetery.nome}`}
            loading="lazy"
          />
          <figcaption className="muted small">Plano do cemitério</figcaption>
        </figure>
      )}
      <p>
        <Link to="/">Voltar ao início</Link>
      </p>
    </section>
  );
}
