/**
 * The grave page's "Comisso" section, for the office and the concessionários assigned to a
 * record in the grave (the server answers 403 to anyone else, and the section stays hidden):
 * each case with its steps (who and when: the device's time and the server's), photos, the
 * waiting period, re-registrations made meanwhile; the forms to open a case, add steps and
 * decide. Inspections made on this device and not yet on the server show under their case
 * with their outbox state (./comisso-pending.tsx). Without signal the page passes the cases
 * its device copy holds (heldCases), and the section shows those instead of asking.
 */
import { useEffect, useState } from 'react';
import { fetchCases, guardedImageUrl, useGraveInspections } from '../../data/graves';
import { useSession } from '../../data/session';
import { formatBrDate } from '../../domain/burial-dates';
import { withSentAnswers } from '../../domain/comisso-outbox';
import {
  CASE_STATE_LABEL,
  COMISSO_LIMITS,
  NOTICE_MEANS_LABEL,
  STEP_LABEL,
} from '../../domain/comisso-rules';
import type { ComissoCase, ComissoStep } from '../../domain/comisso-types';
import type { InspectionOutboxItem } from '../../domain/outbox-item';
import type { Actor } from '../../domain/permissions';
import { can, canEver } from '../../domain/permissions';
import { REQUEST_STATE_LABEL } from '../../domain/recadastramento-rules';
import { useLoad } from '../../lib/use-load';
import { DecisionForm, type InspectionTarget, OpenCaseForm, StepFormView } from './comisso-forms';
import { PendingInspections } from './comisso-pending';
import './cases.css';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }) : null;

/** A guarded photo: its bytes come through the signed-in client. */
function CasePhoto({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    guardedImageUrl(url)
      .then((u) => {
        made = u;
        if (live) setSrc(u);
        else URL.revokeObjectURL(u);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return src ? (
    <img className="comisso-photo" src={src} alt={alt} width={120} height={90} />
  ) : (
    <span className="comisso-photo muted">Foto</span>
  );
}

function StepItem({ s }: { s: ComissoStep }) {
  return (
    <li>
      <strong>{formatBrDate(s.data)}</strong> · {STEP_LABEL[s.tipo]}
      {s.meio && ` (${NOTICE_MEANS_LABEL[s.meio]}${s.email ? `: ${s.email}` : ''})`}
      {s.nota && <div>{s.nota}</div>}
      <div className="muted comisso-who">
        {s.feitoPor ?? 'Sistema'} · registrado em {when(s.registradoEm)}
        {s.feitoEm && ` · no aparelho em ${when(s.feitoEm)}`}
      </div>
      {s.fotos.length > 0 && (
        <div className="comisso-photos">
          {s.fotos.map((f, i) => (
            <CasePhoto
              key={f.url}
              url={f.thumbUrl}
              alt={`Foto ${i + 1} da vistoria de ${formatBrDate(s.data)}`}
            />
          ))}
        </div>
      )}
    </li>
  );
}

function CaseView({
  k,
  actor,
  office,
  target,
  pending,
  onChange,
}: {
  k: ComissoCase;
  actor: Actor | null;
  office: boolean;
  target: InspectionTarget;
  pending: InspectionOutboxItem[];
  onChange: () => void;
}) {
  const open = k.situacao === 'aberto';
  return (
    <article className="comisso-case">
      <h3>
        Processo aberto em {formatBrDate(k.abertoEm.slice(0, 10))} ·{' '}
        <span className={open ? 'comisso-open' : undefined}>{CASE_STATE_LABEL[k.situacao]}</span>
      </h3>
      <p className="muted">
        Prazo de {k.prazoDias} dias após o último aviso ·{' '}
        {k.prazoFim ? `termina em ${formatBrDate(k.prazoFim)}` : 'nenhum aviso ainda'} · editais{' '}
        {k.editais}/{COMISSO_LIMITS.editais}
      </p>
      {k.nota && <p>{k.nota}</p>}
      {k.recadastramentos.length > 0 && (
        <div className="comisso-rereg">
          <strong>Recadastramento durante o processo:</strong>
          <ul>
            {k.recadastramentos.map((r) => (
              <li key={r.id}>
                {r.titularNome} · {formatBrDate(r.criadoEm.slice(0, 10))} ·{' '}
                {REQUEST_STATE_LABEL[r.situacao]}
              </li>
            ))}
          </ul>
        </div>
      )}
      {k.etapas.length === 0 ? (
        <p className="muted">Nenhuma etapa registrada.</p>
      ) : (
        <ol className="comisso-steps">
          {k.etapas.map((s) => (
            <StepItem key={s.id} s={s} />
          ))}
        </ol>
      )}
      <PendingInspections items={pending} />
      {!open && k.decisaoData && (
        <p>
          Decisão em {formatBrDate(k.decisaoData)} por {k.decididoPor ?? 'Sistema'}
          {k.decisaoNota && `: ${k.decisaoNota}`}
        </p>
      )}
      {/* The cases reached this person only because the server's can() let them inspect
          this grave (its assignees): here the role is what is left to check. */}
      {open && (office || canEver(actor, 'comisso:inspect')) && (
        <StepFormView caseId={k.id} office={office} target={target} onDone={onChange} />
      )}
      {open && office && <DecisionForm caseId={k.id} onDone={onChange} />}
    </article>
  );
}

export function ComissoSection({
  graveId,
  rotulo = 'Sepultura',
  actor,
  heldCases = null,
  onGraveChange,
}: {
  graveId: string;
  /** The grave in words, to name a queued inspection in "Envios". */
  rotulo?: string;
  actor: Actor | null;
  /** The device's copy of the open cases (the page came from it): shown without asking. */
  heldCases?: ComissoCase[] | null;
  /** The grave's state follows its case ('em comisso'): the page reloads it. */
  onGraveChange: () => void;
}) {
  const office = can(actor, 'comisso:manage');
  const userId = useSession().auth?.userId ?? '';
  const inspections = useGraveInspections(graveId, userId);
  const target = { sepulturaId: graveId, rotulo, userId };
  const { state, reload: reloadCases } = useLoad(
    () => (heldCases ? Promise.resolve(heldCases) : fetchCases(graveId)),
    [graveId, actor?.id, heldCases !== null],
  );
  const reload = () => {
    reloadCases();
    onGraveChange();
  };
  // Not for this person (403) or not reachable: the section stays out of the way.
  if (state.phase === 'failed' || state.phase === 'idle') return null;
  const loaded = state.phase === 'done' ? state.value : (state.last ?? []);
  const cases = withSentAnswers(loaded, inspections);
  const hasOpen = cases.some((k) => k.situacao === 'aberto');
  return (
    <section className="grave-panel comisso-section" aria-labelledby="comisso-titulo">
      <h2 id="comisso-titulo">Comisso</h2>
      {cases.length === 0 && <p className="muted">Nenhum processo de comisso.</p>}
      {cases.map((k) => (
        <CaseView
          key={k.id}
          k={k}
          actor={actor}
          office={office}
          target={target}
          pending={inspections.filter((i) => i.casoId === k.id)}
          onChange={reload}
        />
      ))}
      {office && !hasOpen && <OpenCaseForm graveId={graveId} onDone={reload} />}
    </section>
  );
}
