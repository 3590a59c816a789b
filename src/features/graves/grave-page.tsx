/**
 * /sepulturas/:id: a grave's page. For everyone: the place, who rests there (public fields)
 * and the way there (a map link to the grave, or to the cemetery's entrance), and its dated
 * condition photos (added by the office and assigned field staff). For the office
 * (admins, and the titular's own account): the concession, its documents and its history; an
 * admin grants one when there is none, and attaches or removes documents. Below: the re-registration of the titular while a campaign is open, and
 * for the office and assigned field staff, the grave's abandonment (comisso) cases. Without
 * signal, field staff see the copy their sync kept of a grave they inspect (its public part and
 * open case, with the inspection form), said plainly to be the device's copy.
 */
import { Link, useParams } from 'react-router-dom';
import { ApiFailure } from '../../data/failure';
import { loadGrave } from '../../data/graves';
import { useSession } from '../../data/session';
import { formatBrDate } from '../../domain/burial-dates';
import { REGIME_LABEL } from '../../domain/concession-rules';
import { GRAVE_STATUS_LABEL, graveLabel } from '../../domain/grave-rules';
import { maskPhone } from '../../domain/masks';
import { can, canEver } from '../../domain/permissions';
import { TEXT as BURIAL_TEXT } from '../../lib/texts/burial-texts';
import { useLoad } from '../../lib/use-load';
import { ComissoSection } from './comisso-section';
import { ConcessionDocuments } from './concession-documents';
import { ConcessionForm } from './concession-form';
import { GravePhotos } from './grave-photos';
import { GraveRequests } from './grave-requests';
import { RecadSection } from './recad-section';
import './graves.css';

const mapLink = (lat: number, lon: number) =>
  `https://www.openstreetmap.org/directions?to=${lat}%2C${lon}`;

export default function GravePage() {
  const { id = '' } = useParams();
  const session = useSession();
  const userId = session.auth?.userId ?? null;
  const { state, reload } = useLoad(() => loadGrave(id, userId), [id, session.auth?.token]);
  if (state.phase === 'failed') {
    const message =
      state.error instanceof ApiFailure ? state.error.message : 'Sepultura não encontrada.';
    return (
      <section className="page">
        <p className="form-alert">{message}</p>
      </section>
    );
  }
  if (state.phase !== 'done') return <p className="loading">Carregando…</p>;
  const { heldCases } = state.value;
  const { sepultura: g, cemiterio, sepultados, fotos, concessao, concessoes } = state.value.page;
  const actor = session.auth ? { id: session.auth.userId, role: session.auth.role } : null;
  const manage = can(actor, 'concession:manage');
  const where =
    g.latitude !== null && g.longitude !== null
      ? mapLink(g.latitude, g.longitude)
      : cemiterio.latitude !== null && cemiterio.longitude !== null
        ? mapLink(cemiterio.latitude, cemiterio.longitude)
        : null;

  return (
    <section className="page grave-page" aria-labelledby="sepultura-titulo">
      <h1 id="sepultura-titulo">{graveLabel(g)}</h1>
      {heldCases && (
        <p className="form-alert" role="status">
          {BURIAL_TEXT.deviceCopyOffline}
        </p>
      )}
      <p>
        <Link to={`/cemiterios/${cemiterio.id}`}>{cemiterio.nome}</Link>
        {' · '}
        <span className={`grave-status grave-status-${g.situacao.replace(' ', '-')}`}>
          {GRAVE_STATUS_LABEL[g.situacao]}
        </span>
      </p>
      <p className="muted">
        {g.tipo ?? 'Tipo não informado'}
        {g.capacidade !== null && ` · ${g.capacidade} ${g.capacidade === 1 ? 'gaveta' : 'gavetas'}`}
      </p>
      {g.observacoes && <p>Estado: {g.observacoes}</p>}
      {where && (
        <p>
          <a href={where} target="_blank" rel="noreferrer">
            Como chegar
          </a>
          {cemiterio.horario && <span className="muted"> · {cemiterio.horario}</span>}
        </p>
      )}
      <h2>Quem repousa aqui</h2>
      {sepultados.length === 0 ? (
        <p className="muted">Nenhum sepultado registrado nesta sepultura.</p>
      ) : (
        <ul className="graves-list">
          {sepultados.map((s) => (
            <li key={s.id}>
              <Link to={`/sepultados/${s.id}`}>{s.nome}</Link>
              <span className="muted">
                {s.dtNasc ? `${formatBrDate(s.dtNasc)} – ` : ''}
                {s.dtFal ? formatBrDate(s.dtFal) : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!heldCases && (
        <GravePhotos
          graveId={g.id}
          photos={fotos}
          mayAdd={canEver(actor, 'grave:note')}
          onAdded={reload}
        />
      )}
      {concessao && (
        <div className="grave-panel">
          <h2>Concessão</h2>
          <p>
            <strong>{concessao.titularNome}</strong> · {REGIME_LABEL[concessao.regime]}
          </p>
          <p>
            Desde {formatBrDate(concessao.inicio)}
            {concessao.fim ? ` até ${formatBrDate(concessao.fim)}` : ' · sem término'}
          </p>
          {concessao.titularTelefone && <p>Telefone: {maskPhone(concessao.titularTelefone)}</p>}
          {concessao.titularEmail && <p>E-mail: {concessao.titularEmail}</p>}
          {concessao.taxas.some((t) => !t.pagoEm) && (
            <p className="form-alert">Há taxas em aberto.</p>
          )}
          <ConcessionDocuments
            concessionId={concessao.id}
            documents={concessao.documentos}
            manage={manage}
            onChange={reload}
          />
        </div>
      )}
      {concessoes && concessoes.length > 1 && (
        <div className="grave-panel">
          <h2>Histórico de concessões</h2>
          <ul>
            {concessoes.map((c) => (
              <li key={c.id}>
                {c.titularNome} · {REGIME_LABEL[c.regime]} · {formatBrDate(c.inicio)}
                {c.encerradaEm ? ` a ${formatBrDate(c.encerradaEm)} (${c.situacao})` : ' (ativa)'}
                {c.situacao !== 'ativa' && (
                  <details className="grave-docs-details">
                    <summary>Documentos ({c.documentos.length})</summary>
                    <ConcessionDocuments
                      concessionId={c.id}
                      documents={c.documentos}
                      manage={manage}
                      onChange={reload}
                    />
                  </details>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!concessao && g.situacao !== 'em comisso' && manage && (
        <ConcessionForm graveId={g.id} onDone={reload} />
      )}
      {!heldCases && <RecadSection graveId={g.id} />}
      {canEver(actor, 'comisso:inspect') && (
        <ComissoSection
          graveId={g.id}
          rotulo={graveLabel(g)}
          actor={actor}
          heldCases={heldCases}
          onGraveChange={reload}
        />
      )}
      {can(actor, 'order:manage') && (
        <p>
          <Link className="btn" to={`/admin/ordens?novo=1&sepulturaId=${g.id}`}>
            Abrir ordem de serviço
          </Link>
        </p>
      )}
      {!heldCases && can(actor, 'request:create') && (
        <GraveRequests graveId={g.id} sepultados={sepultados} />
      )}
    </section>
  );
}
