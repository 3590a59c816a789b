/**
 * Pieces of the order screen: a milestone row, a photo still on the device, the box of work
 * the server refused (the office cancelled, moved or deleted the order) with Copiar/Descartar.
 */
import { useEffect, useMemo } from 'react';
import { discardOrderWork } from '../../data/work-orders';
import { ORDER_ITEM_TITLE, orderItemText, orderRefusalText } from '../../domain/order-outbox';
import type { OverlaidMilestone } from '../../domain/order-overlay';
import { wallClock } from '../../domain/order-time';
import {
  type OrderOutboxItem,
  OUTBOX_STATE_TEXT,
  type OutboxState,
} from '../../domain/outbox-item';
import type { Order } from '../../domain/work-order-types';
import { useFlash } from '../../ui/flash';

const CLOCK = new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short' });
const WHEN = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

export const whenText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : WHEN.format(d);
};

/** The device's state of a write; "Enviado" (the success colour) only comes from the server. */
export function LocalState({ state }: { state: OutboxState }) {
  return (
    <span className={`order-local order-local-${state}`} role="status">
      {OUTBOX_STATE_TEXT[state]}
    </span>
  );
}

export function MilestoneRow({
  marco,
  canTick,
  onTick,
}: {
  marco: OverlaidMilestone;
  canTick: boolean;
  onTick: () => void;
}) {
  const done = marco.feitoEm !== null;
  return (
    <li className={`order-milestone${done && !marco.local ? ' order-milestone-done' : ''}`}>
      <div>
        <strong>{marco.nome}</strong>
        {marco.previstoPara && (
          <span className="muted"> · previsto {wallClock(marco.previstoPara)}</span>
        )}
        {done && marco.feitoEm && (
          <div>
            Feito às {CLOCK.format(new Date(marco.feitoEm))}
            {marco.feitoPorNome && ` por ${marco.feitoPorNome}`}{' '}
            {marco.local ? (
              <LocalState state={marco.local} />
            ) : (
              <span className="order-sent">Enviado</span>
            )}
          </div>
        )}
      </div>
      {!done && canTick && (
        <button type="button" className="btn btn-primary" onClick={onTick}>
          Marcar como feito
        </button>
      )}
    </li>
  );
}

/** A photo still on the device, shown from its Blob (the URL is freed when it leaves). */
export function DevicePhoto({ blob, alt }: { blob: Blob; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img src={url} alt={alt} className="order-photo-img" />;
}

export function position(lat: number | null, lng: number | null): string {
  return lat !== null && lng !== null
    ? `GPS ${lat.toFixed(5)}, ${lng.toFixed(5)}`
    : 'sem posição GPS';
}

const COPY_FAILED = 'Não foi possível copiar. Selecione o texto e copie à mão.';

/** The work the server refused: what happened, in plain words, and what the person can do. */
export function RefusedWork({ items, order }: { items: OrderOutboxItem[]; order: Order }) {
  const flash = useFlash();
  if (items.length === 0) return null;
  // The server's words, or plainer ones when the office cancelled, moved or deleted the order.
  const reasons = [
    ...new Set(
      items.map((i) =>
        orderRefusalText(i.problem?.kind === 'refused' ? i.problem.status : 0, order, i, i.reason),
      ),
    ),
  ].filter(Boolean);
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      flash.success('Texto copiado.');
    } catch {
      flash.error(COPY_FAILED);
    }
  }
  async function drop(item: OrderOutboxItem) {
    if (!window.confirm('Descartar este envio? O que foi feito será perdido neste aparelho.')) {
      return;
    }
    if (await discardOrderWork(item.id)) flash.success('Envio descartado.');
  }
  return (
    <div className="order-refused" role="alert">
      {reasons.map((r) => (
        <p key={r}>
          <strong>{r}</strong>
        </p>
      ))}
      <ul>
        {items.map((i) => {
          const text = orderItemText(i.kind, i.payload);
          return (
            <li key={i.id}>
              <span>
                {ORDER_ITEM_TITLE[i.kind]}: {text}
              </span>
              <div className="order-actions">
                <button type="button" className="btn btn-small" onClick={() => void copy(text)}>
                  Copiar
                </button>
                <button type="button" className="btn btn-small" onClick={() => void drop(i)}>
                  Descartar
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
