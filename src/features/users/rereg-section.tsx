/**
 * "Meus pedidos de recadastramento" on the profile: the state of each request the person sent
 * from a grave's page (pending, accepted, or refused with the office's reason). Only their own
 * requests come back from the API. Hidden while there are none.
 */
import { Link } from 'react-router-dom';
import { fetchMyRereg } from '../../data/graves';
import { formatBrDate } from '../../domain/burial-dates';
import { graveLabel } from '../../domain/grave-rules';
import { REQUEST_STATE_LABEL } from '../../domain/recadastramento-rules';
import { useLoad } from '../../lib/use-load';

export function ReregSection({ userId }: { userId: string }) {
  const { state } = useLoad(fetchMyRereg, [userId]);
  if (state.phase === 'failed') {
    return (
      <section className="personal-data">
        <h2>Meus pedidos de recadastramento</h2>
        <p className="form-alert">Não foi possível carregar seus pedidos de recadastramento.</p>
      </section>
    );
  }
  if (state.phase !== 'done' || state.value.length === 0) return null;
  return (
    <section className="personal-data" aria-labelledby="meus-recadastramentos">
      <h2 id="meus-recadastramentos">Meus pedidos de recadastramento</h2>
      <ul className="user-rereg-list">
        {state.value.map((r) => (
          <li key={r.id}>
            <Link to={`/sepulturas/${r.sepulturaId}`}>
              {r.cemiterio} · {graveLabel(r)}
            </Link>
            <div>
              Enviado em {formatBrDate(r.criadoEm.slice(0, 10))}:{' '}
              <strong>{REQUEST_STATE_LABEL[r.situacao]}</strong>
              {r.motivo && <span> — {r.motivo}</span>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
