/**
 * /cemiterios/:id (public): a cemetery's page — name, address, opening hours, how many records,
 * a search narrowed to it, and its plan when one was uploaded. Without signal, the device's copy
 * of the list (once seen) answers. The server renders it too, with the cemetery in the page's
 * data: that first render is the server's and the cemetery is not asked for again
 * (docs/decisions/0176-login-and-cemetery-pages-rendered-by-the-server.md); its search is a GET
 * form to the results page, so it searches without JavaScript as well.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { chooseCemetery, fetchCemetery } from '../../data/cemeteries';
import { ApiFailure } from '../../data/failure';
import { usePublicData } from '../../data/public-data';
import { CEM_MSG, recordCountText } from '../../domain/cemetery-messages';
import type { Cemetery } from '../../domain/cemetery-types';
import { API_BASE } from '../../lib/api-base';
import { SearchSubmit } from '../../ui/search-submit';
import './cemeteries.css';

const RESULTS = '/sepultados/pesquisa';

export default function CemeteryPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // What the server's page came with, on the history entry it came with (a later visit in the
  // app asks again): its cemetery, or its "not found".
  const first = useLocation().key === 'default';
  const data = usePublicData();
  const page = first ? data : null;
  const held = page?.kind === 'cemetery' && page.cemetery.id === id ? page.cemetery : null;
  const heldError = page?.kind === 'cemeteryNotFound' && page.id === id ? page.message : null;
  const [cemetery, setCemetery] = useState<Cemetery | null>(held);
  const [error, setError] = useState<string | null>(heldError);
  const [term, setTerm] = useState('');
  const inputId = useId();

  useEffect(() => {
    // The page's own data (the first render's): nothing to ask for.
    if (held || heldError) {
      setCemetery(held);
      setError(heldError);
      return;
    }
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
  }, [id, held, heldError]);

  function search(event: FormEvent) {
    event.preventDefault();
    const q = term.trim();
    if (!q || !cemetery) return;
    chooseCemetery(cemetery.id);
    navigate(`${RESULTS}?q=${encodeURIComponent(q)}&cemiterio=${encodeURIComponent(cemetery.id)}`);
  }

  if (error) {
    // An unknown id is the page's own answer, said as its heading (the server's 404 too).
    const notFound = error === CEM_MSG.notFound;
    return (
      <section className="page cemetery-page">
        <h1>{notFound ? error : CEM_MSG.listTitle}</h1>
        {!notFound && <p className="form-alert">{error}</p>}
        <p>
          <Link to="/">Voltar ao início</Link>
        </p>
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
        <form onSubmit={search} className="query-form" action={RESULTS}>
          <label htmlFor={inputId}>Procurar sepultado neste cemitério</label>
          <input type="hidden" name="cemiterio" value={cemetery.id} />
          <div className="query-form-row">
            <input
              id={inputId}
              name="q"
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
            />
            <SearchSubmit term={term}>Procurar</SearchSubmit>
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
