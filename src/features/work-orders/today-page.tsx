/**
 * /hoje — the crew's day: the person's open orders of today and the overdue ones, from the
 * device (it opens in airplane mode), refreshed from GET /api/ordens/hoje when there is signal.
 * Each order says how much of its field work is still waiting to be sent.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../../data/session';
import { refreshDay, useDeviceDay, useKeepAnswers, useOrderWork } from '../../data/work-orders';
import { wayThere } from '../../domain/order-place';
import { formatWallTime, wallClock } from '../../domain/order-time';
import { isOverdue, ORDER_STATE_LABEL } from '../../domain/work-order-rules';
import type { Order } from '../../domain/work-order-types';
import type { PlaceMap } from './place-map';
import { checkStorage, STORAGE_MSG } from './storage-check';
import './work-orders.css';

const TIME = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function OrderRow({ order, overdue, unsent }: { order: Order; overdue: boolean; unsent: number }) {
  return (
    <li className="orders-row">
      <Link to={`/ordens/${order.id}`} className="orders-link">
        <strong>
          {overdue ? formatWallTime(order.agendadaPara) : wallClock(order.agendadaPara)} ·{' '}
          {order.tipoNome}
        </strong>
        <span>{order.sepultadoNome ?? 'Sem sepultado informado'}</span>
        <span className="muted">
          {order.lugar.cemiterio} · {wayThere(order.lugar)}
        </span>
        <span className={`order-state order-state-${order.situacao.replace(' ', '-')}`}>
          {ORDER_STATE_LABEL[order.situacao]}
        </span>
        {unsent > 0 && (
          <span className="order-unsent">
            {unsent === 1 ? '1 envio aguardando conexão' : `${unsent} envios aguardando conexão`}
          </span>
        )}
      </Link>
    </li>
  );
}

export default function TodayPage({ placeMap }: { placeMap: PlaceMap }) {
  const userId = useSession().auth?.userId ?? '';
  const device = useDeviceDay(userId);
  // A day with a grave on the map: its code is kept now, for an order opened without signal.
  placeMap.useKeepCode(
    device?.orders.some((o) => o.lugar.latitude !== null && o.lugar.longitude !== null) ?? false,
  );
  const work = useOrderWork(userId);
  useKeepAnswers(userId);
  const [sync, setSync] = useState<string | null>(null);
  const [low, setLow] = useState(false);

  useEffect(() => {
    void checkStorage().then((s) => setLow(s.low));
    const run = () =>
      void refreshDay().then((r) =>
        setSync(r === 'offline' ? 'offline' : r === 'refused' ? 'refused' : 'ok'),
      );
    run();
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, []);

  if (!device) return <p className="loading">Carregando…</p>;
  const { day, orders } = device;
  const today = day?.hoje ?? new Date().toISOString().slice(0, 10);
  const unsentOf = (id: string) => work.filter((i) => i.ordemId === id).length;
  // The day's list, and any order whose work is still on the device (a cancelled one too:
  // what was done there stays in sight until sent, copied or discarded).
  const listed = new Set(day?.ids ?? []);
  const shown = orders.filter((o) => listed.has(o.id) || unsentOf(o.id) > 0);
  const overdue = shown.filter((o) => isOverdue(o, today));
  const todays = shown.filter((o) => !isOverdue(o, today));

  return (
    <section className="page orders-today" aria-labelledby="hoje-titulo">
      <h1 id="hoje-titulo">Hoje</h1>
      {low && (
        <p className="form-alert" role="alert">
          {STORAGE_MSG.low}
        </p>
      )}
      <p className="muted" role="status">
        {sync === 'offline'
          ? day
            ? `Sem conexão: mostrando o que está no aparelho (atualizado em ${TIME.format(day.at)}).`
            : 'Sem conexão. Conecte-se uma vez para receber suas ordens de serviço.'
          : sync === 'refused'
            ? 'Não foi possível atualizar a lista agora.'
            : day
              ? `Atualizado em ${TIME.format(day.at)}.`
              : 'Atualizando…'}
      </p>
      {day && shown.length === 0 && <p>Nenhuma ordem de serviço para hoje.</p>}
      {overdue.length > 0 && (
        <>
          <h2>Atrasadas</h2>
          <ul className="orders-list">
            {overdue.map((o) => (
              <OrderRow key={o.id} order={o} overdue unsent={unsentOf(o.id)} />
            ))}
          </ul>
        </>
      )}
      {todays.length > 0 && (
        <>
          <h2>De hoje</h2>
          <ul className="orders-list">
            {todays.map((o) => (
              <OrderRow key={o.id} order={o} overdue={false} unsent={unsentOf(o.id)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
