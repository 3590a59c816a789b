/**
 * /admin/ordens/:id/imprimir — the printed work order the crew takes to the grave: kind, time, place
 * and the way there, the record, the assignees, the milestones with their planned times and a
 * blank for the time done, and the grave's QR code (the same QR maker as the labels). Print CSS
 * (work-orders.css, @media print) leaves only the sheet on paper.
 */
import { Link, useParams } from 'react-router-dom';
import { ApiFailure } from '../../data/failure';
import { getOrder } from '../../data/work-orders';
import { wayThere } from '../../domain/order-place';
import { formatWallTime, wallClock } from '../../domain/order-time';
import { ORDER_STATE_LABEL } from '../../domain/work-order-rules';
import { graveUrl, recordUrl } from '../../lib/qr-image';
import { useLoad } from '../../lib/use-load';
import { useQr } from '../../lib/use-qr';
import './work-orders.css';

export default function OrderPrintPage() {
  const { id = '' } = useParams();
  const { state } = useLoad(() => getOrder(id), [id]);
  const order = state.phase === 'done' ? state.value : null;
  const target = order
    ? order.lugar.sepulturaId
      ? graveUrl(order.lugar.sepulturaId)
      : order.sepultadoId
        ? recordUrl(order.sepultadoId)
        : null
    : null;
  const qr = useQr(target);

  if (state.phase === 'failed') {
    return (
      <section className="page">
        <p className="form-alert">
          {state.error instanceof ApiFailure
            ? state.error.message
            : 'Ordem de serviço não encontrada.'}
        </p>
      </section>
    );
  }
  if (!order) return <p className="loading">Carregando…</p>;

  return (
    <section className="page order-print" aria-labelledby="impressao-titulo">
      <p className="order-actions order-no-print">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Imprimir
        </button>
        <Link className="btn" to="/admin/ordens">
          Voltar
        </Link>
      </p>
      <div className="order-print-head">
        <div>
          <h1 id="impressao-titulo">Ordem de serviço · {order.tipoNome}</h1>
          <p>
            <strong>{formatWallTime(order.agendadaPara)}</strong> ·{' '}
            {ORDER_STATE_LABEL[order.situacao]}
          </p>
          <p>
            {order.lugar.cemiterio} · {wayThere(order.lugar)}
          </p>
          {order.sepultadoNome && <p>Sepultado: {order.sepultadoNome}</p>}
          <p>Responsáveis: {order.responsaveis.map((r) => r.nome).join(', ') || '—'}</p>
        </div>
        {target && (
          <figure className="order-print-qr">
            {qr.src ? (
              <img src={qr.src} alt="QR code da sepultura" width={140} height={140} />
            ) : (
              <span className="muted">Gerando QR code…</span>
            )}
            <figcaption>{order.lugar.sepulturaId ? 'Sepultura' : 'Sepultado'}</figcaption>
          </figure>
        )}
      </div>
      {order.descricao && <p>{order.descricao}</p>}
      <table className="order-print-table">
        <thead>
          <tr>
            <th scope="col">Etapa</th>
            <th scope="col">Previsto</th>
            <th scope="col">Feito às</th>
          </tr>
        </thead>
        <tbody>
          {order.marcos.map((m) => (
            <tr key={m.id}>
              <td>{m.nome}</td>
              <td>{m.previstoPara ? wallClock(m.previstoPara) : '—'}</td>
              <td>
                {m.feitoEm
                  ? new Date(m.feitoEm).toLocaleTimeString('pt-BR', { timeStyle: 'short' })
                  : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="order-print-sign">Observações: ____________________________________________</p>
      <p className="order-print-sign">Assinatura: ______________________ Data: ___/___/______</p>
    </section>
  );
}
