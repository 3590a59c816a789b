/**
 * One cemetery's visit pack on /offline: its name (and distance, nearest first, when the
 * position is known), the sizes before starting, the download with its progress, Cancelar,
 * "Continuar download", "Atualizado em …" and "Remover do aparelho". With one cemetery the
 * card is the whole offer, as before there were several.
 */
import { useState } from 'react';
import { type PackSlot, type PacksView, usePackInfo } from '../../data/pack';
import type { SyncInfo } from '../../domain/sync-types';
import { formatBytes, formatCount, formatWhen, PACK_TEXT } from '../../lib/texts/pack-texts';
import { useAnnounced } from '../../ui/use-announced';
import { PackProgress, phaseLabel } from './pack-progress';

function Sizes({
  info,
  withThumbs,
  onThumbs,
}: {
  info: SyncInfo | null | 'unavailable';
  withThumbs: boolean;
  onThumbs: (on: boolean) => void;
}) {
  if (info === null) return <p className="pack-sizes">{PACK_TEXT.sizesLoading}</p>;
  if (info === 'unavailable') return <p className="pack-sizes">{PACK_TEXT.sizesUnavailable}</p>;
  return (
    <div className="pack-sizes">
      <p>
        {PACK_TEXT.records(formatCount(info.records))} (~{formatBytes(info.recordBytesEstimate)})
      </p>
      {info.thumbs > 0 && (
        <label className="pack-check">
          <input
            type="checkbox"
            checked={withThumbs}
            onChange={(e) => onThumbs(e.currentTarget.checked)}
          />
          {PACK_TEXT.withThumbs}: {PACK_TEXT.thumbs(formatCount(info.thumbs))} (~
          {formatBytes(info.thumbBytes)})
        </label>
      )}
    </div>
  );
}

function statusText(slot: PackSlot | undefined, running: boolean): string | null {
  const state = slot?.state;
  if (!state || running) return null;
  if (state.phase === 'stopped' && state.stopped) {
    return state.stopped.reason === 'cancelled' ? PACK_TEXT.cancelled : state.stopped.message;
  }
  if (state.phase !== 'done') return PACK_TEXT.interrupted;
  return PACK_TEXT.done;
}

export function PackCemetery({
  cemetery,
  several,
  distance,
  nearest,
  view,
}: {
  cemetery: { id: string; nome: string };
  several: boolean;
  distance: number | null;
  nearest: boolean;
  view: PacksView;
}) {
  const info = usePackInfo(cemetery.id);
  const [withThumbs, setWithThumbs] = useState(true);
  const slot = view.slots?.get(cemetery.id);
  const state = slot?.state;
  const running = view.running === cemetery.id;
  const busy = view.running !== null;
  const unfinished = !running && state !== undefined && state.phase !== 'done';
  const status = statusText(slot, running);
  // The download's steps and its outcome are said by the app's one live region.
  useAnnounced(running && state ? phaseLabel(state) : status);
  const thumbsWanted = info !== 'unavailable' && info?.thumbs ? withThumbs : false;
  const total = info && info !== 'unavailable' ? info.records : 0;
  const held = slot !== undefined;
  const Title = several ? 'h2' : 'p';
  return (
    <article
      className={several ? 'pack-cemetery pack-cemetery-card' : 'pack-cemetery'}
      aria-label={cemetery.nome}
    >
      <Title className="pack-cemetery-name">
        {cemetery.nome}
        {nearest && <span className="pack-nearest"> · {PACK_TEXT.nearest}</span>}
      </Title>
      {distance !== null && <p className="pack-note">{PACK_TEXT.distance(distance)}</p>}
      {!running && !slot?.hasPack && (
        <Sizes info={info} withThumbs={withThumbs} onThumbs={setWithThumbs} />
      )}
      {slot?.hasPack && !running && (
        <p className="pack-note">{PACK_TEXT.held(formatCount(slot.records))}</p>
      )}
      {state && (running || state.phase !== 'done' || !several) && <PackProgress state={state} />}
      {status && (
        <p className={state?.phase === 'stopped' ? 'pack-status pack-stopped' : 'pack-status'}>
          {status}
        </p>
      )}
      <div className="pack-actions">
        {running && (
          <button type="button" className="btn" onClick={view.cancel}>
            {PACK_TEXT.cancel}
          </button>
        )}
        {unfinished && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => view.start(cemetery, total, thumbsWanted, true)}
          >
            {PACK_TEXT.resume}
          </button>
        )}
        {!running && !unfinished && !slot?.hasPack && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => view.start(cemetery, total, thumbsWanted, false)}
          >
            {PACK_TEXT.download}
          </button>
        )}
        {held && !running && (
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => {
              if (window.confirm(PACK_TEXT.confirmRemove(cemetery.nome))) view.remove(cemetery.id);
            }}
          >
            {PACK_TEXT.remove}
          </button>
        )}
      </div>
      {/* Said once the copy is usable: not while its search index is still being built. */}
      {slot?.updatedAt !== undefined && !running && (
        <p className="pack-updated">{PACK_TEXT.updatedAt(formatWhen(slot.updatedAt))}</p>
      )}
      {state && state.persisted !== null && !several && (
        <p className="pack-note">
          {state.persisted ? PACK_TEXT.persisted : PACK_TEXT.notPersisted}
        </p>
      )}
    </article>
  );
}
