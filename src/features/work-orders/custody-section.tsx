/**
 * Where a record's remains are now and how they got there (GET /api/sepultados/:id/custodia):
 * for the public the places only; the office and the record's assignees also see who moved
 * them. Nothing is shown while the remains never left their grave, or without signal.
 */
import { Link } from 'react-router-dom';
import { fetchCustody } from '../../data/work-orders';
import { DESTINATION_LABEL } from '../../domain/work-order-rules';
import { useLoad } from '../../lib/use-load';
import './work-orders.css';

const WHEN = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });
const whenText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : WHEN.format(d);
};

export default function CustodySection({ id }: { id: string }) {
  const { state } = useLoad(() => fetchCustody(id), [id]);
  if (state.phase !== 'done' || state.value.passos.length === 0) return null;
  const { atual, sepulturaId, passos } = state.value;
  return (
    <section className="page order-custody" aria-labelledby="custodia-titulo">
      <h2 id="custodia-titulo">Onde estão os restos mortais</h2>
      <p>
        <strong>
          {sepulturaId ? <Link to={`/sepulturas/${sepulturaId}`}>{atual}</Link> : atual}
        </strong>
      </p>
      <ol className="order-custody-steps">
        {passos.map((p) => (
          <li key={`${p.em}-${p.para}`}>
            {whenText(p.em)}: {p.de} → {p.para} ({DESTINATION_LABEL[p.destino.tipo]})
            {p.porNome && ` · por ${p.porNome}`}
          </li>
        ))}
      </ol>
    </section>
  );
}
