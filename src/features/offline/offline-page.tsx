/**
 * /offline, "Uso offline": the sizes before starting, "Baixar cemitério para uso
 * offline" with a real progress bar, Cancelar and "Continuar download" (also after a reload),
 * optional thumbnails, persistent storage asked at the start, the space used, "Atualizado em …"
 * and "Atualizar agora". A stop (full device, no signal) is a message; the part stored works.
 */
import { useState } from 'react';
import { type PackView, usePack } from '../../data/pack/use-pack';
import { formatBytes, formatCount, formatWhen, PACK_TEXT } from '../../lib/texts/pack-texts';
import { PackProgress } from './pack-progress';
import './offline.css';
import { PackSearchLink } from './pack-search-link';

function Sizes({
  info,
  withThumbs,
  onThumbs,
}: {
  info: PackView['info'];
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

function statusText(view: PackView): string | null {
  const { state } = view;
  if (!state || view.running) return null;
  if (state.phase === 'stopped' && state.stopped) {
    return state.stopped.reason === 'cancelled' ? PACK_TEXT.cancelled : state.stopped.message;
  }
  if (state.phase === 'records' || state.phase === 'thumbs') return PACK_TEXT.interrupted;
  if (state.phase === 'done') return PACK_TEXT.done;
  return null;
}

export default function OfflinePage() {
  const view = usePack();
  const [withThumbs, setWithThumbs] = useState(true);
  const { state } = view;
  const unfinished = !view.running && state !== undefined && state.phase !== 'done';
  const status = statusText(view);
  const thumbsWanted = view.info !== 'unavailable' && view.info?.thumbs ? withThumbs : false;
  return (
    <section className="offline-page">
      <h1>{PACK_TEXT.title}</h1>
      <p>{PACK_TEXT.intro}</p>
      {!view.running && <Sizes info={view.info} withThumbs={withThumbs} onThumbs={setWithThumbs} />}
      {state && <PackProgress state={state} />}
      {status && (
        <p
          className={state?.phase === 'stopped' ? 'pack-status pack-stopped' : 'pack-status'}
          role="status"
        >
          {status}
        </p>
      )}
      <div className="pack-actions">
        {view.running && (
          <button type="button" className="btn" onClick={view.cancel}>
            {PACK_TEXT.cancel}
          </button>
        )}
        {unfinished && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => view.start(thumbsWanted, true)}
          >
            {PACK_TEXT.resume}
          </button>
        )}
        {!view.running && !unfinished && !view.hasPack && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => view.start(thumbsWanted, false)}
          >
            {PACK_TEXT.download}
          </button>
        )}
        {!view.running && view.hasPack && (
          <button type="button" className="btn" disabled={view.updating} onClick={view.updateNow}>
            {view.updating ? PACK_TEXT.updating : PACK_TEXT.updateNow}
          </button>
        )}
      </div>
      {view.updateNote && (
        <p className="pack-status pack-stopped" role="status">
          {view.updateNote}
        </p>
      )}
      {view.updatedAt !== undefined && (
        <p className="pack-updated">{PACK_TEXT.updatedAt(formatWhen(view.updatedAt))}</p>
      )}
      {state && state.persisted !== null && (
        <p className="pack-note">
          {state.persisted ? PACK_TEXT.persisted : PACK_TEXT.notPersisted}
        </p>
      )}
      {view.storage && (
        <p className="pack-note">
          {PACK_TEXT.spaceUsed(formatBytes(view.storage.usage), formatBytes(view.storage.quota))}
        </p>
      )}
      <PackSearchLink />
    </section>
  );
}
