/**
 * On the profile: the person's requests to the office (a photo, a cleaning, a correction) and
 * where each stands; a photo request, once done, shows the photo taken.
 */
import { Link } from 'react-router-dom';
import { listRequests } from '../../data/work-orders';
import { REQUEST_KIND_LABEL, REQUEST_STATE_LABEL } from '../../domain/work-order-rules';
import { useLoad } from '../../lib/use-load';

const WHEN = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });

export function MyRequestsSection() {
  const { state } = useLoad(() => listRequests({}), []);
  if (state.phase !== 'done' || state.value.pedidos.length === 0) return null;
  return (
    <section className="user-requests" aria-labelledby="meus-pedidos">
      <h2 id="meus-pedidos">Meus pedidos</h2>
      <ul>
        {state.value.pedidos.map((p) => (
          <li key={p.id}>
            <strong>{REQUEST_KIND_LABEL[p.tipo]}</strong> ·{' '}
            <Link to={`/sepulturas/${p.sepulturaId}`}>{p.sepulturaRotulo}</Link> ·{' '}
            {WHEN.format(new Date(p.createdAt))}
            <div className={`user-request-state user-request-${p.situacao}`}>
              {REQUEST_STATE_LABEL[p.situacao]}
              {p.motivoRecusa && ` — ${p.motivoRecusa}`}
            </div>
            {p.texto && <p>{p.texto}</p>}
            {p.foto && (
              <a href={p.foto.url} target="_blank" rel="noreferrer">
                <img
                  className="user-request-photo"
                  src={p.foto.thumb}
                  alt={`Foto de ${p.sepulturaRotulo}`}
                />
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
