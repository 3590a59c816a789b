/**
 * Tributes the person wrote that are still on their way: shown on top of the list at
 * once, with their state ("Aguardando conexão", "Enviando…", "Precisa de atenção" and why).
 * Once the server has one, it joins the real list (same id: the client-made id becomes the
 * tribute's) and leaves this one.
 */
import { useEffect, useMemo, useRef } from 'react';
import { discard, retryNow, useRecordOutbox } from '../../data/outbox';
import type { TributeOutboxItem } from '../../domain/outbox-item';
import type { TributeItem } from '../../domain/tribute-types';
import { OutboxState } from '../../ui/outbox-state';
import '../../ui/outbox.css';

function PendingPhoto({ blob }: { blob: Blob }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img className="tribute-thumb" src={url} alt="Foto da homenagem" width={96} />;
}

export function PendingTributes({
  sepultadoId,
  listed,
  onSent,
}: {
  sepultadoId: string;
  listed: TributeItem[];
  onSent: (item: TributeItem) => void;
}) {
  const items = useRecordOutbox(sepultadoId).filter(
    (i): i is TributeOutboxItem => i.kind === 'tribute',
  );
  const listedIds = new Set(listed.map((t) => t._id));
  const waiting = items.filter((i) => !listedIds.has(i.id) && i.state !== 'sent');
  // Sent while this list is open (by this page's drain or the service worker's): shown for
  // real. Only items seen unsent here count — an old sent item is not news, and one the
  // person removed since must not come back.
  const seenUnsent = useRef(new Set<string>());
  for (const item of waiting) seenUnsent.current.add(item.id);
  const arrived = items.filter((i) => i.state === 'sent' && seenUnsent.current.has(i.id));
  const arrivedKey = arrived.map((i) => i.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the ids that arrived
  useEffect(() => {
    for (const item of arrived) {
      seenUnsent.current.delete(item.id);
      if (item.result) onSent(item.result as TributeItem);
    }
  }, [arrivedKey]);

  if (waiting.length === 0) return null;
  return (
    <ul className="tribute-pending-list" aria-label="Homenagens a enviar">
      {waiting.map((item) => (
        <li key={item.id} className="tribute tribute-pending">
          <OutboxState item={item} />
          {item.payload.comentario && <p className="tribute-text">{item.payload.comentario}</p>}
          {item.payload.emojis.length > 0 && (
            <p className="tribute-emojis">{item.payload.emojis.join(' ')}</p>
          )}
          {item.payload.photo && <PendingPhoto blob={item.payload.photo} />}
          {item.state !== 'sending' && (
            <div className="outbox-actions">
              <button
                type="button"
                className="btn btn-small"
                onClick={() => void retryNow(item.id)}
              >
                Tentar agora
              </button>
              <button type="button" className="btn btn-small" onClick={() => void discard(item.id)}>
                Descartar
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
