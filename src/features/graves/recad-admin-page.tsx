/**
 * /admin/recadastramento (admins): one cemetery's re-registration campaigns — open one (start
 * and end DD/MM/AAAA), close it — and for the chosen campaign its progress per quadra (graves
 * confirmed, pending, with no answer) and its requests, pending first: the person's data, the
 * document photo (fetched through the signed-in client), accept, or refuse with a reason.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiFailure } from '../../data/failure';
import {
  closeCampaign,
  createCampaign,
  decideRereg,
  fetchCampaigns,
  fetchProgress,
  fetchRereg,
  guardedImageUrl,
} from '../../data/graves';
import { formatBrDate } from '../../domain/burial-dates';
import { graveLabel } from '../../domain/grave-rules';
import { maskCpf, maskDate, maskPhone } from '../../domain/masks';
import { RECAD_MSG, REQUEST_STATE_LABEL, REQUEST_STATES } from '../../domain/recadastramento-rules';
import type { Campaign, ReregRequest } from '../../domain/recadastramento-types';
import { useLoad } from '../../lib/use-load';
import { useFlash } from '../../ui/flash';
import { FormField } from '../../ui/form-field';
import { useCemeteryFilter } from './cemetery-filter';
import './cases.css';
import './graves.css';
import { Pager } from '../../ui/pager';

type Problem = { field?: string; message: string } | null;
const problemOf = (err: unknown, fallback: string): Problem => {
  const f = err instanceof ApiFailure ? err : null;
  return { field: f?.field, message: f?.message ?? fallback };
};

function CampaignForm({ cemiterioId, onDone }: { cemiterioId: string; onDone: () => void }) {
  const flash = useFlash();
  const [v, setV] = useState({ nome: '', inicio: '', fim: '' });
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const errorOf = (field: string) => (problem?.field === field ? problem.message : null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await createCampaign({ cemiterioId, nome: v.nome || null, inicio: v.inicio, fim: v.fim });
      flash.success(RECAD_MSG.created);
      setV({ nome: '', inicio: '', fim: '' });
      onDone();
    } catch (err) {
      setProblem(problemOf(err, 'Não foi possível abrir a campanha.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="grave-panel recad-form" onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset disabled={busy}>
        <h2>Nova campanha</h2>
        <FormField
          label="Nome (opcional)"
          name="nome"
          value={v.nome}
          onChange={(e) => setV({ ...v, nome: e.target.value })}
          error={errorOf('nome')}
        />
        <FormField
          label="Início (DD/MM/AAAA)"
          name="inicio"
          inputMode="numeric"
          value={v.inicio}
          onChange={(e) => setV({ ...v, inicio: maskDate(e.target.value) })}
          error={errorOf('inicio')}
        />
        <FormField
          label="Término (DD/MM/AAAA)"
          name="fim"
          inputMode="numeric"
          value={v.fim}
          onChange={(e) => setV({ ...v, fim: maskDate(e.target.value) })}
          error={errorOf('fim')}
        />
        {problem && !['nome', 'inicio', 'fim'].includes(problem.field ?? '') && (
          <p className="form-alert" role="alert">
            {problem.message}
          </p>
        )}
        <button type="submit" className="btn btn-primary">
          Abrir campanha
        </button>
      </fieldset>
    </form>
  );
}

function Progress({ campaign }: { campaign: Campaign }) {
  const { state } = useLoad(() => fetchProgress(campaign.id), [campaign.id, campaign.pendentes]);
  if (state.phase === 'failed')
    return <p className="form-alert">Não foi possível carregar o andamento.</p>;
  const p =
    state.phase === 'done' ? state.value : state.phase === 'loading' ? state.last : undefined;
  if (!p) return <p className="loading">Carregando…</p>;
  return (
    <div className="grave-panel recad-progress">
      <h2>Andamento por quadra</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Quadra</th>
            <th scope="col">Sepulturas</th>
            <th scope="col">Confirmadas</th>
            <th scope="col">Pendentes</th>
            <th scope="col">Sem resposta</th>
          </tr>
        </thead>
        <tbody>
          {p.quadras.map((q) => (
            <tr key={q.quadra}>
              <td>{q.quadra}</td>
              <td>{q.sepulturas}</td>
              <td>{q.confirmadas}</td>
              <td>{q.pendentes}</td>
              <td>{q.semResposta}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Total</th>
            <td>{p.totais.sepulturas}</td>
            <td>{p.totais.confirmadas}</td>
            <td>{p.totais.pendentes}</td>
            <td>{p.totais.semResposta}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function DocumentView({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    guardedImageUrl(url)
      .then((u) => {
        made = u;
        if (live) setSrc(u);
        else URL.revokeObjectURL(u);
      })
      .catch(() => setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  if (failed) return <p className="form-alert">Não foi possível carregar o documento.</p>;
  return src ? (
    <img className="recad-document" src={src} alt="Documento enviado" />
  ) : (
    <p className="loading">Carregando…</p>
  );
}

function RequestItem({ r, onDone }: { r: ReregRequest; onDone: () => void }) {
  const flash = useFlash();
  const [showDoc, setShowDoc] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  async function decide(aceitar: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      await decideRereg(r.id, aceitar ? { aceitar } : { aceitar, motivo });
      flash.success(aceitar ? RECAD_MSG.accepted : RECAD_MSG.refused);
      onDone();
    } catch (err) {
      setProblem(problemOf(err, 'Não foi possível registrar a decisão.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li aria-busy={busy}>
      <div>
        <strong>{r.titularNome}</strong> · {REQUEST_STATE_LABEL[r.situacao]} ·{' '}
        {formatBrDate(r.criadoEm.slice(0, 10))}
      </div>
      <div>
        CPF {maskCpf(r.titularCpf)} · Telefone {maskPhone(r.titularTelefone)}
      </div>
      <div>
        <Link to={`/sepulturas/${r.sepulturaId}`}>{graveLabel(r)}</Link>
      </div>
      {r.motivo && <div className="muted">Motivo: {r.motivo}</div>}
      <div className="recad-actions">
        <button type="button" className="btn" onClick={() => setShowDoc((s) => !s)}>
          {showDoc ? 'Ocultar documento' : 'Ver documento'}
        </button>
        {r.situacao === 'pendente' && (
          <>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void decide(true)}
            >
              Aceitar
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => setRefusing((s) => !s)}
            >
              Recusar
            </button>
          </>
        )}
      </div>
      {showDoc && <DocumentView url={r.documentoUrl} />}
      {refusing && r.situacao === 'pendente' && (
        <form
          className="recad-form"
          onSubmit={(e) => {
            e.preventDefault();
            void decide(false);
          }}
          noValidate
        >
          <fieldset disabled={busy}>
            <FormField
              label="Motivo da recusa"
              name={`motivo-${r.id}`}
              value={motivo}
              onChange={(e) => setMotivo(e.target.value)}
              error={problem?.field === 'motivo' ? problem.message : null}
            />
            <button type="submit" className="btn btn-danger">
              Confirmar recusa
            </button>
          </fieldset>
        </form>
      )}
      {problem && problem.field !== 'motivo' && (
        <p className="form-alert" role="alert">
          {problem.message}
        </p>
      )}
    </li>
  );
}

function Requests({ campaign, onChange }: { campaign: Campaign; onChange: () => void }) {
  const [situacao, setSituacao] = useState('pendente');
  const [page, setPage] = useState(1);
  const { state, reload } = useLoad(
    () => fetchRereg({ campanhaId: campaign.id, situacao, page }),
    [campaign.id, situacao, page],
  );
  const list =
    state.phase === 'done' ? state.value : state.phase === 'loading' ? state.last : undefined;
  return (
    <div className="grave-panel">
      <h2>Pedidos</h2>
      <div className="graves-filters">
        <label>
          Situação
          <select
            value={situacao}
            onChange={(e) => {
              setSituacao(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Todos</option>
            {REQUEST_STATES.map((s) => (
              <option key={s} value={s}>
                {REQUEST_STATE_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {state.phase === 'failed' && (
        <p className="form-alert">
          {state.error instanceof ApiFailure
            ? state.error.message
            : 'Não foi possível carregar os pedidos.'}
        </p>
      )}
      {list && list.itens.length === 0 && <p className="muted">Nenhum pedido.</p>}
      {list && list.itens.length > 0 && (
        <ul className="recad-requests">
          {list.itens.map((r) => (
            <RequestItem
              key={r.id}
              r={r}
              onDone={() => {
                reload();
                onChange();
              }}
            />
          ))}
        </ul>
      )}
      {list && <Pager page={page} pages={list.pages} onPage={setPage} className="graves-pages" />}
    </div>
  );
}

export default function RecadAdminPage() {
  const flash = useFlash();
  const [chosenId, setChosenId] = useState('');
  const { chosen: cemiterioId, select } = useCemeteryFilter(() => setChosenId(''));
  const { state, reload } = useLoad(cemiterioId ? () => fetchCampaigns(cemiterioId) : null, [
    cemiterioId,
  ]);
  const campaigns =
    state.phase === 'done' ? state.value : state.phase === 'loading' ? (state.last ?? []) : [];
  const current = campaigns.find((c) => c.id === chosenId) ?? campaigns[0];
  const hasOpen = campaigns.some((c) => c.encerradaEm === null);

  async function close(c: Campaign) {
    try {
      await closeCampaign(c.id);
      flash.success(RECAD_MSG.closed);
      reload();
    } catch (err) {
      flash.error(problemOf(err, 'Não foi possível encerrar a campanha.')?.message ?? '');
    }
  }

  return (
    <section className="page recad-admin" aria-labelledby="recad-admin-titulo">
      <h1 id="recad-admin-titulo">{RECAD_MSG.title}</h1>
      <div className="graves-filters">{select}</div>
      {state.phase === 'failed' && (
        <p className="form-alert">
          {state.error instanceof ApiFailure
            ? state.error.message
            : 'Não foi possível carregar as campanhas.'}
        </p>
      )}
      <div className="recad-admin-grid">
        {campaigns.length > 0 && (
          <ul className="recad-campaigns" aria-label="Campanhas">
            {campaigns.map((c) => (
              <li key={c.id} aria-current={c.id === current?.id ? 'true' : undefined}>
                <strong>{c.nome ?? 'Campanha de recadastramento'}</strong>
                <span>
                  {formatBrDate(c.inicio)} a {formatBrDate(c.fim)} ·{' '}
                  {c.encerradaEm ? 'Encerrada' : c.aberta ? 'Aberta' : 'Fora do período'} ·{' '}
                  {c.pendentes} {c.pendentes === 1 ? 'pedido pendente' : 'pedidos pendentes'}
                </span>
                <div className="recad-actions">
                  {c.id !== current?.id && (
                    <button type="button" className="btn" onClick={() => setChosenId(c.id)}>
                      Ver andamento e pedidos
                    </button>
                  )}
                  {!c.encerradaEm && (
                    <button type="button" className="btn btn-danger" onClick={() => void close(c)}>
                      Encerrar campanha
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {cemiterioId && state.phase === 'done' && !hasOpen && (
          <CampaignForm cemiterioId={cemiterioId} onDone={reload} />
        )}
        {current && <Progress campaign={current} />}
        {current && <Requests campaign={current} onChange={reload} />}
      </div>
    </section>
  );
}
