/**
 * The grave page's re-registration part: while a campaign is open in the grave's cemetery, a
 * signed-in person asks to be registered as its titular ("Sou responsável por este jazigo")
 * with name, CPF, phone and a document photo; below, the state of their own requests for this
 * grave. A visitor is asked to sign in first. The server checks everything again; its pt-BR
 * message shows under the field it names.
 */
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiFailure } from '../../data/failure';
import { fetchGraveRecad, sendReregRequest } from '../../data/graves';
import { useSession } from '../../data/session';
import { formatBrDate } from '../../domain/burial-dates';
import { maskCpf, maskPhone } from '../../domain/masks';
import { RECAD_MSG, REQUEST_STATE_LABEL } from '../../domain/recadastramento-rules';
import { useLoad } from '../../lib/use-load';
import { useFlash } from '../../ui/flash';
import { FormField } from '../../ui/form-field';
import '../../ui/file-chooser.css';
import './cases.css';

const FIELDS = ['titularNome', 'titularCpf', 'titularTelefone', 'documento'];

function RequestForm({ graveId, onSent }: { graveId: string; onSent: () => void }) {
  const flash = useFlash();
  const [v, setV] = useState({ nome: '', cpf: '', telefone: '' });
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const errorOf = (field: string) => (problem?.field === field ? problem.message : null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await sendReregRequest(graveId, {
        titularNome: v.nome,
        titularCpf: v.cpf,
        titularTelefone: v.telefone,
        documento: file,
      });
      flash.success(RECAD_MSG.sent);
      onSent();
    } catch (err) {
      const f = err instanceof ApiFailure ? err : null;
      setProblem({ field: f?.field, message: f?.message ?? 'Não foi possível enviar o pedido.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="recad-form" onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset disabled={busy}>
        <FormField
          label="Seu nome completo"
          name="titularNome"
          autoComplete="name"
          value={v.nome}
          onChange={(e) => setV({ ...v, nome: e.target.value })}
          error={errorOf('titularNome')}
        />
        <FormField
          label="CPF"
          name="titularCpf"
          inputMode="numeric"
          value={v.cpf}
          onChange={(e) => setV({ ...v, cpf: maskCpf(e.target.value) })}
          error={errorOf('titularCpf')}
        />
        <FormField
          label="Telefone"
          name="titularTelefone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(00) 00000-0000"
          value={v.telefone}
          onChange={(e) => setV({ ...v, telefone: maskPhone(e.target.value) })}
          error={errorOf('titularTelefone')}
        />
        <FormField
          label="Foto de um documento com foto (RG, CNH)"
          name="documento"
          type="file"
          accept="image/*"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          error={errorOf('documento')}
          chooser={{
            button: 'Escolher foto',
            chosen: file ? file.name : 'Nenhuma foto escolhida',
          }}
        />
        {problem && !FIELDS.includes(problem.field ?? '') && (
          <p className="form-alert" role="alert">
            {problem.message}
          </p>
        )}
        <button type="submit" className="btn btn-primary">
          Enviar pedido
        </button>
      </fieldset>
    </form>
  );
}

export function RecadSection({ graveId }: { graveId: string }) {
  const session = useSession();
  const [asking, setAsking] = useState(false);
  const { state, reload } = useLoad(() => fetchGraveRecad(graveId), [graveId, session.auth?.token]);
  if (state.phase !== 'done') return null;
  const { campanha, pedidos } = state.value;
  if (!campanha && pedidos.length === 0) return null;
  const pending = pedidos.some((p) => p.situacao === 'pendente');

  return (
    <section className="grave-panel recad-section" aria-labelledby="recad-titulo">
      <h2 id="recad-titulo">{RECAD_MSG.title}</h2>
      {campanha && (
        <p>
          {campanha.nome ?? 'Campanha de recadastramento'} aberta até {formatBrDate(campanha.fim)}.
          Se você é o responsável por este jazigo, confirme seus dados.
        </p>
      )}
      {pedidos.length > 0 && (
        <ul className="recad-own">
          {pedidos.map((p) => (
            <li key={p.id}>
              Seu pedido de {formatBrDate(p.criadoEm.slice(0, 10))}:{' '}
              <strong>{REQUEST_STATE_LABEL[p.situacao]}</strong>
              {p.motivo && <span> — {p.motivo}</span>}
            </li>
          ))}
        </ul>
      )}
      {campanha && !session.auth && (
        <p>
          <Link to="/login">Entre na sua conta</Link> para pedir o recadastramento.
        </p>
      )}
      {campanha && session.auth && !pending && !asking && (
        <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
          {RECAD_MSG.button}
        </button>
      )}
      {campanha && session.auth && !pending && asking && (
        <RequestForm
          graveId={graveId}
          onSent={() => {
            setAsking(false);
            reload();
          }}
        />
      )}
    </section>
  );
}
