/**
 * The office's form to grant a concession on a grave: the titular (CPF masked as typed),
 * regime, years of a temporária, start DD/MM/AAAA. The server checks everything again; its
 * pt-BR message shows under the field it names.
 */
import { type FormEvent, useState } from 'react';
import { ApiFailure } from '../../data/failure';
import { grantConcession } from '../../data/graves';
import { CONC_MSG, REGIME_LABEL, REGIMES, type Regime } from '../../domain/concession-rules';
import { maskCpf, maskDate, maskPhone } from '../../domain/masks';
import { useFlash } from '../../ui/flash';

export function ConcessionForm({ graveId, onDone }: { graveId: string; onDone: () => void }) {
  const flash = useFlash();
  const [v, setV] = useState({
    nome: '',
    cpf: '',
    telefone: '',
    email: '',
    regime: 'perpetua' as Regime,
    anos: '',
    inicio: '',
  });
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const under = (field: string) =>
    problem?.field === field ? (
      <span className="grave-field-error" role="alert">
        {problem.message}
      </span>
    ) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await grantConcession(graveId, {
        titularNome: v.nome,
        titularCpf: v.cpf,
        titularTelefone: v.telefone || null,
        titularEmail: v.email || null,
        regime: v.regime,
        anos: v.regime === 'temporaria' ? Number(v.anos) || null : null,
        inicio: v.inicio,
      });
      flash.success(CONC_MSG.granted);
      onDone();
    } catch (err) {
      const f = err instanceof ApiFailure ? err : null;
      setProblem({
        field: f?.field,
        message: f?.message ?? 'Não foi possível registrar a concessão.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grave-panel" onSubmit={submit} noValidate>
      <h2>Conceder sepultura</h2>
      <label>
        Nome do titular
        <input value={v.nome} onChange={(e) => setV({ ...v, nome: e.target.value })} />
        {under('titularNome')}
      </label>
      <label>
        CPF
        <input
          inputMode="numeric"
          value={v.cpf}
          onChange={(e) => setV({ ...v, cpf: maskCpf(e.target.value) })}
        />
        {under('titularCpf')}
      </label>
      <label>
        Telefone
        <input
          inputMode="tel"
          value={v.telefone}
          onChange={(e) => setV({ ...v, telefone: maskPhone(e.target.value) })}
        />
        {under('titularTelefone')}
      </label>
      <label>
        E-mail
        <input
          type="email"
          value={v.email}
          onChange={(e) => setV({ ...v, email: e.target.value })}
        />
        {under('titularEmail')}
      </label>
      <label>
        Regime
        <select value={v.regime} onChange={(e) => setV({ ...v, regime: e.target.value as Regime })}>
          {REGIMES.map((r) => (
            <option key={r} value={r}>
              {REGIME_LABEL[r]}
            </option>
          ))}
        </select>
      </label>
      {v.regime === 'temporaria' && (
        <label>
          Prazo (anos)
          <input
            inputMode="numeric"
            value={v.anos}
            onChange={(e) => setV({ ...v, anos: e.target.value })}
          />
          {under('anos')}
        </label>
      )}
      <label>
        Início (DD/MM/AAAA)
        <input
          inputMode="numeric"
          value={v.inicio}
          onChange={(e) => setV({ ...v, inicio: maskDate(e.target.value) })}
        />
        {under('inicio')}
        {under('fim')}
      </label>
      {problem && !problem.field && (
        <p className="form-alert" role="alert">
          {problem.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Registrar concessão
      </button>
    </form>
  );
}
