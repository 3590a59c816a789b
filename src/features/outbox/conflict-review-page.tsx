/**
 * /pendentes/:id — side-by-side review of a correction that met someone else's: the
 * server applied nothing, and for each field both changed the person chooses which value stays.
 * No last-write-wins without asking: every field needs a choice before sending. Fields only
 * one side changed need no choice — the server merges those by itself.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { discard, resolve, useOutboxItem } from '../../data/outbox';
import { OUTBOX_MSG } from '../../domain/outbox-item';
import { FIELD_LABELS, fieldValueText } from '../../lib/texts/field-labels';
import { useFlash } from '../../ui/flash';
import '../../ui/outbox.css';

type Choice = 'mine' | 'theirs';

export default function ConflictReviewPage() {
  const { id = '' } = useParams();
  const flash = useFlash();
  const navigate = useNavigate();
  const item = useOutboxItem(id);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [busy, setBusy] = useState(false);

  if (item === undefined) return <p className="page loading">Carregando...</p>;
  if (item?.kind !== 'edit' || item.problem?.kind !== 'conflict') {
    return (
      <section className="page">
        <h1>Nada para revisar</h1>
        <p>Esta correção já foi resolvida ou não existe mais neste aparelho.</p>
        <Link to="/pendentes">Voltar aos envios</Link>
      </section>
    );
  }
  const { answer } = item.problem;
  const complete = answer.conflicts.every((c) => choices[c.field]);

  async function send() {
    setBusy(true);
    const keepMine = new Set(
      Object.entries(choices)
        .filter(([, choice]) => choice === 'mine')
        .map(([field]) => field),
    );
    const left = await resolve(id, keepMine);
    flash.success(left ? OUTBOX_MSG.resolved : OUTBOX_MSG.nothingLeft);
    navigate('/pendentes');
  }

  async function drop() {
    if (!window.confirm('Descartar sua correção? O registro fica como está agora.')) return;
    await discard(id);
    flash.success(OUTBOX_MSG.discarded);
    navigate(`/sepultados/${item?.sepultadoId ?? ''}`);
  }

  return (
    <section className="page conflict-review">
      <h1>Revisar correção de {item.payload.nome}</h1>
      <p className="form-alert" role="alert">
        {answer.message}
      </p>
      <p>
        Alguém alterou os mesmos campos enquanto você corrigia. Escolha, campo a campo, qual valor
        deve ficar. Os demais campos da sua correção são enviados como estão.
      </p>
      <table className="review-table">
        <thead>
          <tr>
            <th scope="col">Campo</th>
            <th scope="col">Sua alteração</th>
            <th scope="col">Agora no registro</th>
          </tr>
        </thead>
        <tbody>
          {answer.conflicts.map((c) => {
            const label = FIELD_LABELS[c.field] ?? c.field;
            const pick = (choice: Choice) => setChoices((all) => ({ ...all, [c.field]: choice }));
            return (
              <tr key={c.field}>
                <th scope="row">
                  {label}
                  {c.base !== undefined && (
                    <div className="muted">Antes: {fieldValueText(c.field, c.base)}</div>
                  )}
                </th>
                <td>
                  <label>
                    <input
                      type="radio"
                      name={`escolha-${c.field}`}
                      checked={choices[c.field] === 'mine'}
                      onChange={() => pick('mine')}
                      aria-label={`${label}: manter a minha (${fieldValueText(c.field, c.mine)})`}
                    />
                    <span>
                      <span className="review-side">Sua alteração: </span>
                      {fieldValueText(c.field, c.mine)}
                    </span>
                  </label>
                </td>
                <td>
                  <label>
                    <input
                      type="radio"
                      name={`escolha-${c.field}`}
                      checked={choices[c.field] === 'theirs'}
                      onChange={() => pick('theirs')}
                      aria-label={`${label}: manter a do registro (${fieldValueText(c.field, c.theirs)})`}
                    />
                    <span>
                      <span className="review-side">Agora no registro: </span>
                      {fieldValueText(c.field, c.theirs)}
                    </span>
                  </label>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {!complete && <p className="muted">Escolha um valor em cada campo para enviar.</p>}
      <div className="outbox-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!complete || busy}
          onClick={() => void send()}
        >
          Enviar minhas escolhas
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => void drop()}>
          Descartar minha correção
        </button>
      </div>
    </section>
  );
}
