/**
 * /ordens/:id — one order in the field, from the device: the grave on the map (the record
 * page's, with the cemetery's plan kept on the device) and the way there, the record's name, the milestones with their planned times and a tick, notes, photos (with the
 * time and GPS position taken), comments and "Concluir". Every change is queued in the outbox
 * (it works in airplane mode) and shows "Aguardando conexão" until the server has it. Work the
 * server refused — the office cancelled, moved or deleted the order — stays in sight with the
 * plain reason, "Copiar" and "Descartar".
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiFailure } from '../../data/failure';
import { useSession } from '../../data/session';
import {
  fetchOrder,
  queueOrderWork,
  useDeviceOrder,
  useKeepAnswers,
  useOrderWork,
} from '../../data/work-orders';
import { newId } from '../../domain/ids';
import type { OrderItemKind, OrderPayloads } from '../../domain/order-outbox';
import { orderOverlay } from '../../domain/order-overlay';
import { directionsLink, orderGravePlace } from '../../domain/order-place';
import { formatWallTime } from '../../domain/order-time';
import {
  OPEN_ORDER_STATES,
  ORDER_LIMITS,
  ORDER_MSG,
  ORDER_STATE_LABEL,
} from '../../domain/work-order-rules';
import type { Order } from '../../domain/work-order-types';
import { currentPosition, shrinkPhoto } from '../../lib/shrink-photo';
import { useFlash } from '../../ui/flash';
import { useOnline } from '../../ui/use-online';
import { ConcludeForm } from './conclude-form';
import {
  DevicePhoto,
  LocalState,
  MilestoneRow,
  position,
  RefusedWork,
  whenText,
} from './order-work-parts';
import type { PlaceMap } from './place-map';
import './work-orders.css';

export default function OrderPage({ placeMap }: { placeMap: PlaceMap }) {
  const { id = '' } = useParams();
  const online = useOnline();
  const flash = useFlash();
  const userId = useSession().auth?.userId ?? '';
  const stored = useDeviceOrder(id);
  const work = useOrderWork(userId, id);
  useKeepAnswers(userId);
  const refusedNow = work.some((i) => i.state === 'attention' && i.problem?.kind === 'refused');
  const [missing, setMissing] = useState<string | null>(null);
  const [notes, setNotes] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [busyPhoto, setBusyPhoto] = useState(false);
  const cameraRef = useRef<HTMLInputElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);

  // Not on the device (a link, the office's list): asked once, with signal.
  useEffect(() => {
    if (stored !== null || !userId) return;
    fetchOrder(id, userId).catch((err: unknown) =>
      setMissing(
        err instanceof ApiFailure && err.status !== 0
          ? err.message
          : 'Esta ordem de serviço não está neste aparelho. Conecte-se para abri-la.',
      ),
    );
  }, [id, stored, userId]);

  // Work just refused (the office cancelled, concluded or moved the order): the order as the
  // server has it now, so the screen says what happened.
  useEffect(() => {
    if (refusedNow && userId) fetchOrder(id, userId).catch(() => undefined);
  }, [refusedNow, id, userId]);

  if (stored === undefined) return <p className="loading">Carregando…</p>;
  if (stored === null) {
    return (
      <section className="page">
        {missing ? <p className="form-alert">{missing}</p> : <p className="loading">Carregando…</p>}
        <Link to="/hoje">Voltar para Hoje</Link>
      </section>
    );
  }
  const order: Order = stored;
  const view = orderOverlay(order, work);
  const open = OPEN_ORDER_STATES.includes(order.situacao) && !view.concluding;
  const route = directionsLink(order.lugar);
  // Work done here for another time than the order has now: the office moved it meanwhile.
  const moved = view.unsent.some((i) => i.agendadaPara !== order.agendadaPara);

  function queue<K extends OrderItemKind>(kind: K, payload: OrderPayloads[K]) {
    return queueOrderWork({ id: newId(), userId, order, kind, payload }).catch(() =>
      flash.error('Sem espaço no aparelho para guardar isto. Libere espaço e tente de novo.'),
    );
  }

  async function onPhoto(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setBusyPhoto(true);
    const tiradaEm = new Date().toISOString();
    // The position is asked for, never waited on forever: without it the photo still goes.
    const [where, blob] = await Promise.all([currentPosition(), shrinkPhoto(file)]);
    await queue('order-photo', {
      blob,
      name: file.name || 'foto.jpg',
      tiradaEm,
      latitude: where?.latitude ?? null,
      longitude: where?.longitude ?? null,
    });
    setBusyPhoto(false);
    if (cameraRef.current) cameraRef.current.value = '';
    if (galleryRef.current) galleryRef.current.value = '';
  }

  function onComment(event: FormEvent) {
    event.preventDefault();
    if (!comment.trim()) {
      setCommentError(ORDER_MSG.comentarioRequired);
      return;
    }
    setCommentError(null);
    void queue('order-comment', { texto: comment.trim(), feitoEm: new Date().toISOString() });
    setComment('');
  }

  function onNotes(event: FormEvent) {
    event.preventDefault();
    void queue('order-edit', { observacoes: notes?.trim() || null, version: order.version });
    setNotes(null);
  }

  const localPhotos = view.unsent.filter((i) => i.kind === 'order-photo');
  const localComments = view.unsent.filter((i) => i.kind === 'order-comment');

  return (
    <section className="page order-page" aria-labelledby="ordem-titulo">
      <p>
        <Link to="/hoje">← Hoje</Link>
      </p>
      <h1 id="ordem-titulo">{order.tipoNome}</h1>
      <p>
        <span className={`order-state order-state-${order.situacao.replace(' ', '-')}`}>
          {ORDER_STATE_LABEL[order.situacao]}
        </span>{' '}
        {formatWallTime(order.agendadaPara)}
        {view.concluding && (
          <>
            {' · Concluída neste aparelho '}
            <LocalState state={view.concluding.state} />
          </>
        )}
      </p>
      {moved && order.situacao !== 'cancelada' && (
        <p className="form-alert" role="alert">
          {ORDER_MSG.rescheduled} {formatWallTime(order.agendadaPara)}. O que você fez continua
          guardado neste aparelho.
        </p>
      )}
      {order.situacao === 'cancelada' && (
        <p className="form-alert" role="alert">
          {ORDER_MSG.cancelled}
          {order.motivoCancelamento && ` Motivo: ${order.motivoCancelamento}`}
        </p>
      )}
      <RefusedWork items={view.attention} order={order} />

      <div className="order-card">
        {order.sepultadoId ? (
          <p>
            <Link to={`/sepultados/${order.sepultadoId}`}>
              {order.sepultadoNome ?? 'Sepultado'}
            </Link>
          </p>
        ) : (
          order.sepultadoNome && <p>{order.sepultadoNome}</p>
        )}
        <p>
          <strong>{order.lugar.cemiterio}</strong>
        </p>
        {order.descricao && <p>{order.descricao}</p>}
        <p className="order-links">
          {order.lugar.sepulturaId && (
            <Link className="btn btn-small" to={`/sepulturas/${order.lugar.sepulturaId}`}>
              Sepultura
            </Link>
          )}
          {/* With signal, the phone's map app can also lead the way to the cemetery. */}
          {online && route && (
            <a className="btn btn-small" href={route} target="_blank" rel="noreferrer">
              Abrir no app de mapas
            </a>
          )}
        </p>
      </div>
      <div className="order-map">
        <placeMap.Location place={orderGravePlace(order)} noPosition={ORDER_MSG.noPosition} />
      </div>

      <h2>Etapas</h2>
      <ul className="order-milestones">
        {view.marcos.map((m) => (
          <MilestoneRow
            key={m.id}
            marco={m}
            canTick={open}
            onTick={() =>
              void queue('order-tick', {
                marcoId: m.id,
                marcoNome: m.nome,
                feitoEm: new Date().toISOString(),
              })
            }
          />
        ))}
      </ul>

      <h2>Fotos</h2>
      <ul className="order-photos">
        {order.fotos.map((f) => (
          <li key={f.id}>
            <img src={f.thumb} alt={`Foto de ${f.autorNome}`} className="order-photo-img" />
            <span>
              {whenText(f.tiradaEm)} · {position(f.latitude, f.longitude)}
            </span>
            <span className="order-sent">Enviado</span>
          </li>
        ))}
        {localPhotos.map(
          (i) =>
            i.kind === 'order-photo' && (
              <li key={i.id}>
                <DevicePhoto blob={i.payload.blob} alt="Foto tirada neste aparelho" />
                <span>
                  {whenText(i.payload.tiradaEm)} ·{' '}
                  {position(i.payload.latitude, i.payload.longitude)}
                </span>
                <LocalState state={i.state} />
              </li>
            ),
        )}
      </ul>
      {open && order.fotos.length + localPhotos.length < ORDER_LIMITS.fotos && (
        <div className="order-actions">
          <label className="btn" aria-disabled={busyPhoto}>
            Tirar foto
            <input
              ref={cameraRef}
              className="order-file"
              type="file"
              accept="image/*"
              capture="environment"
              onChange={(e) => void onPhoto(e.target.files)}
            />
          </label>
          <label className="btn">
            Escolher foto
            <input
              ref={galleryRef}
              className="order-file"
              type="file"
              accept="image/*"
              onChange={(e) => void onPhoto(e.target.files)}
            />
          </label>
          {busyPhoto && <span role="status">Guardando a foto…</span>}
        </div>
      )}

      <h2>Observações</h2>
      {open ? (
        <form onSubmit={onNotes} className="order-form">
          <label className="order-field">
            Observações da equipe
            <textarea
              rows={3}
              maxLength={ORDER_LIMITS.descricao}
              value={notes ?? view.observacoes ?? ''}
              onChange={(e) => setNotes(e.target.value)}
            />
          </label>
          {notes !== null && (
            <button type="submit" className="btn">
              Salvar observações
            </button>
          )}
        </form>
      ) : (
        <p>{view.observacoes ?? '—'}</p>
      )}

      <h2>Comentários</h2>
      <ul className="order-comments">
        {order.comentarios.map((c) => (
          <li key={c.id}>
            <strong>{c.autorNome}</strong> · {whenText(c.feitoEm)}
            <p>{c.texto}</p>
          </li>
        ))}
        {localComments.map(
          (i) =>
            i.kind === 'order-comment' && (
              <li key={i.id}>
                <strong>Você</strong> · {whenText(i.payload.feitoEm)} <LocalState state={i.state} />
                <p>{i.payload.texto}</p>
              </li>
            ),
        )}
      </ul>
      {open && (
        <form onSubmit={onComment} className="order-form" noValidate>
          <label className="order-field">
            Novo comentário
            <textarea
              rows={3}
              maxLength={ORDER_LIMITS.comentario}
              value={comment}
              aria-invalid={commentError ? true : undefined}
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
          {commentError && <p className="form-alert">{commentError}</p>}
          <button type="submit" className="btn">
            Comentar
          </button>
        </form>
      )}

      {open && (
        <ConcludeForm
          tipo={order.tipo}
          onConclude={(destino) =>
            void queue('order-conclude', {
              destino,
              observacoes: null,
              feitoEm: new Date().toISOString(),
            })
          }
        />
      )}
    </section>
  );
}
