/**
 * The forms of the grave page's "Comisso" section: open a case (admin), add a step (an
 * inspection with photos — admin or the assigned concessionário, queued in the outbox; a notice
 * or an edital — admin, online), and the decision (admin). Dates DD/MM/AAAA; the server checks everything again and
 * its pt-BR message shows under the field it names.
 */
import { type FormEvent, useState } from 'react';
import { ApiFailure } from '../../data/failure';
import {
  addCaseStep,
  decideCase,
  openCase,
  queueInspection,
  type StepForm,
} from '../../data/graves';
import {
  COMISSO_LIMITS,
  COMISSO_MSG,
  type Decision,
  NOTICE_MEANS,
  NOTICE_MEANS_LABEL,
  type NoticeMeans,
  noteValue,
  STEP_KINDS,
  STEP_LABEL,
  type StepKind,
  stepDate,
} from '../../domain/comisso-rules';
import { isProblem } from '../../domain/concession-rules';
import { newId } from '../../domain/ids';
import { maskDate } from '../../domain/masks';
import { ORDER_OUTBOX_MSG } from '../../domain/order-outbox';
import { OUTBOX_MSG } from '../../domain/outbox-item';
import { shrinkPhoto } from '../../lib/shrink-photo';
import { useFlash } from '../../ui/flash';
import { FormField } from '../../ui/form-field';
import '../../ui/file-chooser.css';

type Problem = { field?: string; message: string } | null;

/** Runs a submit: busy while it runs, the server's problem kept for the fields. */
function useSubmit(fallback: string) {
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (err) {
      const f = err instanceof ApiFailure ? err : null;
      setProblem({ field: f?.field, message: f?.message ?? fallback });
    } finally {
      setBusy(false);
    }
  };
  const errorOf = (field: string) => (problem?.field === field ? problem.message : null);
  return { problem, busy, run, errorOf };
}

function Alert({ problem, fields }: { problem: Problem; fields: string[] }) {
  if (!problem || fields.includes(problem.field ?? '')) return null;
  return (
    <p className="form-alert" role="alert">
      {problem.message}
    </p>
  );
}

function SelectField<T extends string>(props: {
  label: string;
  name: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (v: T) => void;
  error?: string | null;
}) {
  return (
    <div className={`field${props.error ? ' field-error' : ''}`}>
      <label htmlFor={props.name}>{props.label}</label>
      <select
        id={props.name}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {props.options.map((o) => (
          <option key={o} value={o}>
            {props.labels[o]}
          </option>
        ))}
      </select>
      {props.error && (
        <small className="field-message" role="alert">
          {props.error}
        </small>
      )}
    </div>
  );
}

export function OpenCaseForm({ graveId, onDone }: { graveId: string; onDone: () => void }) {
  const flash = useFlash();
  const [prazo, setPrazo] = useState(String(COMISSO_LIMITS.defaultDays));
  const [nota, setNota] = useState('');
  const { problem, busy, run, errorOf } = useSubmit('Não foi possível abrir o processo.');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await openCase(graveId, { prazoDias: Number(prazo) || 0, nota: nota || null });
      flash.success(COMISSO_MSG.opened);
      onDone();
    });
  };
  return (
    <form className="comisso-form" onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset disabled={busy}>
        <legend>Abrir processo de comisso</legend>
        <FormField
          label="Prazo após o último aviso (dias)"
          name="prazoDias"
          inputMode="numeric"
          value={prazo}
          onChange={(e) => setPrazo(e.target.value.replace(/\D/g, ''))}
          error={errorOf('prazoDias')}
        />
        <FormField
          label="Observação"
          name="notaAbertura"
          value={nota}
          onChange={(e) => setNota(e.target.value)}
          error={errorOf('nota')}
        />
        <Alert problem={problem} fields={['prazoDias', 'nota']} />
        <button type="submit" className="btn btn-danger">
          Abrir processo
        </button>
      </fieldset>
    </form>
  );
}

const STEP_FIELDS = ['tipo', 'data', 'nota', 'meio', 'email', 'fotos'];

/** Where an inspection is queued: the case, its grave, and who is doing it. */
export interface InspectionTarget {
  sepulturaId: string;
  rotulo: string;
  userId: string;
}

/**
 * An inspection is field work: it goes into the outbox, online too, after the device's own
 * check of the date and note (the same rules the server applies), with its photos made
 * smaller first. The section shows it as unsent until the server has the step.
 */
async function queueStep(caseId: string, v: StepForm, target: InspectionTarget): Promise<void> {
  for (const problem of [stepDate(v.data), noteValue(v.nota)]) {
    if (isProblem(problem)) throw new ApiFailure(400, problem.message, problem.field);
  }
  const fotos = await Promise.all(
    v.fotos.map(async (f, i) => ({
      blob: await shrinkPhoto(f),
      name: f.name || `foto-${i + 1}.jpg`,
    })),
  );
  try {
    await queueInspection({
      id: newId(),
      casoId: caseId,
      ...target,
      payload: { data: v.data, nota: v.nota, fotos },
    });
  } catch {
    // The device could not keep it (storage full): said so, and the form keeps what was typed.
    throw new ApiFailure(507, OUTBOX_MSG.quota);
  }
}

export function StepFormView({
  caseId,
  office,
  target,
  onDone,
}: {
  caseId: string;
  /** Admin: every kind of step; an assigned concessionário: inspections only. */
  office: boolean;
  target: InspectionTarget;
  onDone: () => void;
}) {
  const flash = useFlash();
  const kinds: readonly StepKind[] = office ? STEP_KINDS : ['vistoria'];
  const [v, setV] = useState<StepForm>({
    tipo: 'vistoria',
    data: '',
    nota: '',
    meio: 'email',
    email: '',
    fotos: [],
  });
  const { problem, busy, run, errorOf } = useSubmit('Não foi possível registrar a etapa.');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (v.tipo === 'vistoria') {
        await queueStep(caseId, v, target);
        if (!navigator.onLine) flash.success(ORDER_OUTBOX_MSG.queued);
      } else {
        await addCaseStep(caseId, v);
        flash.success(COMISSO_MSG.stepAdded);
        onDone();
      }
      setV({ ...v, data: '', nota: '', email: '', fotos: [] });
    });
  };
  return (
    <form className="comisso-form" onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset disabled={busy}>
        <legend>Registrar etapa</legend>
        <SelectField
          label="Etapa"
          name={`tipo-${caseId}`}
          value={v.tipo}
          options={kinds}
          labels={STEP_LABEL}
          onChange={(tipo) => setV({ ...v, tipo })}
          error={errorOf('tipo')}
        />
        <FormField
          label="Data (DD/MM/AAAA)"
          name={`data-${caseId}`}
          inputMode="numeric"
          value={v.data}
          onChange={(e) => setV({ ...v, data: maskDate(e.target.value) })}
          error={errorOf('data')}
        />
        {v.tipo === 'notificacao' && (
          <SelectField<NoticeMeans>
            label="Meio"
            name={`meio-${caseId}`}
            value={v.meio || 'email'}
            options={NOTICE_MEANS}
            labels={NOTICE_MEANS_LABEL}
            onChange={(meio) => setV({ ...v, meio })}
            error={errorOf('meio')}
          />
        )}
        {v.tipo === 'notificacao' && v.meio === 'email' && (
          <FormField
            label="E-mail (vazio: o do titular da concessão)"
            name={`email-${caseId}`}
            type="email"
            inputMode="email"
            value={v.email}
            onChange={(e) => setV({ ...v, email: e.target.value })}
            error={errorOf('email')}
          />
        )}
        <FormField
          label={v.tipo === 'edital' ? 'Jornal ou publicação' : 'Observação'}
          name={`nota-${caseId}`}
          value={v.nota}
          onChange={(e) => setV({ ...v, nota: e.target.value })}
          error={errorOf('nota')}
        />
        {v.tipo === 'vistoria' && (
          <FormField
            label="Fotos do estado da sepultura"
            name={`fotos-${caseId}`}
            type="file"
            accept="image/*"
            multiple
            onChange={(e) => setV({ ...v, fotos: [...(e.target.files ?? [])] })}
            error={errorOf('fotos')}
            chooser={{
              button: 'Escolher fotos',
              chosen:
                v.fotos.length === 0
                  ? 'Nenhuma foto escolhida'
                  : `${v.fotos.length} ${v.fotos.length === 1 ? 'foto' : 'fotos'}`,
            }}
          />
        )}
        <Alert problem={problem} fields={STEP_FIELDS} />
        <button type="submit" className="btn btn-primary">
          {v.tipo === 'notificacao' && v.meio === 'email' ? 'Enviar notificação' : 'Registrar'}
        </button>
      </fieldset>
    </form>
  );
}

const DECISION_LABEL: Record<Decision, string> = {
  retomada: 'Retomar a sepultura',
  encerrado: 'Encerrar: titular recadastrado',
};

export function DecisionForm({ caseId, onDone }: { caseId: string; onDone: () => void }) {
  const flash = useFlash();
  const [decisao, setDecisao] = useState<Decision>('encerrado');
  const [data, setData] = useState('');
  const [nota, setNota] = useState('');
  const { problem, busy, run, errorOf } = useSubmit('Não foi possível registrar a decisão.');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await decideCase(caseId, { decisao, data, nota: nota || null });
      flash.success(COMISSO_MSG.decided);
      onDone();
    });
  };
  return (
    <form className="comisso-form" onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset disabled={busy}>
        <legend>Decisão</legend>
        <SelectField
          label="Resultado"
          name={`decisao-${caseId}`}
          value={decisao}
          options={['encerrado', 'retomada'] as const}
          labels={DECISION_LABEL}
          onChange={setDecisao}
          error={errorOf('decisao')}
        />
        <FormField
          label="Data (DD/MM/AAAA)"
          name={`decisao-data-${caseId}`}
          inputMode="numeric"
          value={data}
          onChange={(e) => setData(maskDate(e.target.value))}
          error={errorOf('data')}
        />
        <FormField
          label="Observação"
          name={`decisao-nota-${caseId}`}
          value={nota}
          onChange={(e) => setNota(e.target.value)}
          error={errorOf('nota')}
        />
        <Alert problem={problem} fields={['decisao', 'data', 'nota']} />
        <button type="submit" className="btn btn-danger">
          Registrar decisão
        </button>
      </fieldset>
    </form>
  );
}
