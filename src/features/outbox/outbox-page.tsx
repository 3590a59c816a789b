/**
 * /pendentes — "Envios": everything the person wrote on this device and where it stands
 *: tributes and record corrections, newest first, each with its state and reason,
 * and what they can do: try now, review a conflict, discard. Sent items stay a week as
 * "Enviado" so the person can see their work arrived.
 */
import { Link } from 'react-router-dom';
import { discard, retryNow, useMyOutbox, useRecordNames } from '../../data/outbox';
import { INSPECTION_TITLE, inspectionText } from '../../domain/comisso-outbox';
import { ORDER_ITEM_TITLE, orderItemText } from '../../domain/order-outbox';
import { OUTBOX_MSG, type OutboxItem } from '../../domain/outbox-item';
import { FIELD_LABELS } from '../../lib/texts/field-labels';
import { useFlash } from '../../ui/flash';
import { OutboxState } from '../../ui/outbox-state';
import '../../ui/outbox.css';

const WHEN = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function summary(item: OutboxItem): string {
  if ('ordemId' in item) return orderItemText(item.kind, item.payload);
  if (item.kind === 'comisso-inspection') return inspectionText(item.payload);
  if (item.kind === 'tribute') {
    const { comentario, emojis, photo } = item.payload;
    const parts = [comentario, emojis.join(' '), photo ? '(com foto)' : ''].filter(Boolean);
    return parts.join(' ');
  }
  const fields = Object.keys(item.payload.fields).map(
    (f) => FIELD_LABELS[f as keyof typeof FIELD_LABELS] ?? f,
  );
  if (item.payload.photos.length > 0) fields.push(`${item.payload.photos.length} foto(s) nova(s)`);
  if (item.payload.removeImages.length > 0) fields.push('fotos removidas');
  return `Campos: ${fields.join(', ') || '—'}`;
}

const COPIED = 'Texto copiado.';
const COPY_FAILED = 'Não foi possível copiar. Selecione o texto e copie à mão.';

/** What the person wrote, in full, to keep elsewhere before discarding. */
function copyText(item: OutboxItem): string {
  if (item.kind !== 'edit') return summary(item);
  return Object.entries(item.payload.fields)
    .map(([f, v]) => `${FIELD_LABELS[f as keyof typeof FIELD_LABELS] ?? f}: ${v ?? ''}`)
    .join('\n');
}

export default function OutboxPage() {
  const flash = useFlash();
  const items = useMyOutbox();
  const names = useRecordNames(items);

  async function onDiscard(item: OutboxItem) {
    if (!window.confirm('Descartar este envio? O que foi escrito será perdido.')) return;
    if (await discard(item.id)) flash.success(OUTBOX_MSG.discarded);
  }

  async function onCopy(item: OutboxItem) {
    try {
      await navigator.clipboard.writeText(copyText(item));
      flash.success(COPIED);
    } catch {
      flash.error(COPY_FAILED);
    }
  }

  return (
    <section className="page outbox-page">
      <h1>Envios</h1>
      <p className="muted">
        Homenagens e correções feitas neste aparelho. O que estiver aguardando conexão é enviado
        sozinho quando o sinal voltar, mesmo com o aplicativo fechado onde o navegador permite.
      </p>
      {items === undefined && <p className="loading">Carregando...</p>}
      {items?.length === 0 && <p>Nada aguardando envio.</p>}
      <ul className="outbox-list">
        {items?.map((item) => {
          const nome =
            (item.kind === 'edit' ? item.payload.nome : names.get(item.sepultadoId)) ?? 'registro';
          // Field work (on an order, a comisso inspection): someone refused it (cancelled,
          // moved, closed, deleted) may still want the text elsewhere, so it can be copied as
          // well as discarded.
          const onOrder = 'ordemId' in item;
          const fieldWork = onOrder || item.kind === 'comisso-inspection';
          return (
            <li key={item.id} className="outbox-item">
              <h2>
                {onOrder ? (
                  <>
                    {`${ORDER_ITEM_TITLE[item.kind]} · `}
                    <Link to={`/ordens/${item.ordemId}`}>{item.rotulo}</Link>
                  </>
                ) : item.kind === 'comisso-inspection' ? (
                  <>
                    {`${INSPECTION_TITLE} · `}
                    <Link to={`/sepulturas/${item.sepulturaId}`}>{item.rotulo}</Link>
                  </>
                ) : (
                  <>
                    {item.kind === 'tribute' ? 'Homenagem para ' : 'Correção de '}
                    <Link to={`/sepultados/${item.sepultadoId}`}>{nome}</Link>
                  </>
                )}
              </h2>
              <p>{summary(item)}</p>
              <p>
                <OutboxState item={item} />{' '}
                <time dateTime={new Date(item.createdAt).toISOString()}>
                  {WHEN.format(item.createdAt)}
                </time>
              </p>
              {item.state !== 'sent' && item.state !== 'sending' && (
                <div className="outbox-actions">
                  {item.problem?.kind === 'conflict' ? (
                    <Link className="btn btn-small btn-primary" to={`/pendentes/${item.id}`}>
                      Revisar
                    </Link>
                  ) : item.problem?.kind === 'account-gone' ||
                    (fieldWork && item.problem?.kind === 'refused') ? (
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => void onCopy(item)}
                    >
                      Copiar texto
                    </button>
                  ) : (
                    item.problem?.kind !== 'login' && (
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => void retryNow(item.id)}
                      >
                        Tentar agora
                      </button>
                    )
                  )}
                  {item.problem?.kind === 'login' && (
                    <Link className="btn btn-small" to="/login" state={{ from: '/pendentes' }}>
                      Entrar
                    </Link>
                  )}
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => void onDiscard(item)}
                  >
                    Descartar
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
