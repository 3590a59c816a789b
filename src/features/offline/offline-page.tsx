/**
 * /offline, "Uso offline": one visit pack per cemetery. The cemeteries are listed nearest first
 * when the phone's position is known (asked only on request, or read when already allowed),
 * else in the list's order; with one cemetery the screen is that cemetery's pack alone. Each
 * pack has its sizes before starting, "Baixar cemitério para uso offline" with a real progress
 * bar, Cancelar and "Continuar download" (also after a reload), optional thumbnails, "Atualizado
 * em …" and "Remover do aparelho"; "Atualizar agora" updates every pack held. A stop (full
 * device, no signal) is a message; the part stored works. An empty register says there is
 * nothing to download yet (the offer on other pages leads here).
 */
import { useMemo } from 'react';
import { useCemeteries } from '../../data/cemeteries';
import { type PacksView, usePacks } from '../../data/pack';
import { nearestFirst } from '../../domain/cemetery-near';
import type { Cemetery } from '../../domain/cemetery-types';
import { formatBytes, PACK_TEXT } from '../../lib/texts/pack-texts';
import { useAnnounced } from '../../ui/use-announced';
import { PackCemetery } from './pack-cemetery';
import { PackSearchLink } from './pack-search-link';
import { usePosition } from './use-position';
import './offline.css';

/** Cemeteries the list does not (or no longer) name but whose pack is here: shown too. */
function withHeld(list: Cemetery[] | null, view: PacksView): Pick<Cemetery, 'id' | 'nome'>[] {
  const out: Pick<Cemetery, 'id' | 'nome'>[] = [...(list ?? [])];
  for (const [id, slot] of view.slots ?? []) {
    if (!out.some((c) => c.id === id) && slot.state) out.push({ id, nome: slot.state.nome });
  }
  return out;
}

export default function OfflinePage() {
  const view = usePacks();
  // The update's outcome is said by the app's one live region, and shown below.
  useAnnounced(view.updateNote ?? null);
  const cemeteries = useCemeteries();
  const several = (cemeteries.list?.length ?? 0) > 1;
  const position = usePosition(several);
  const at = position.state.phase === 'known' ? position.state.at : null;
  const ordered = useMemo(() => {
    const placed = (cemeteries.list ?? []).map((c) => ({ ...c }));
    const near = nearestFirst(placed, at);
    const rows: { cemetery: Pick<Cemetery, 'id' | 'nome'>; distance: number | null }[] = near;
    for (const extra of withHeld(cemeteries.list, view)) {
      if (!rows.some((r) => r.cemetery.id === extra.id))
        rows.push({ cemetery: extra, distance: null });
    }
    return rows;
  }, [cemeteries.list, at, view]);
  const anyHeld = [...(view.slots?.values() ?? [])].some((s) => s.hasPack);
  return (
    <section className="offline-page">
      <h1>{PACK_TEXT.title}</h1>
      <p>{PACK_TEXT.intro}</p>
      {several && position.state.phase !== 'known' && (
        <div className="pack-locate">
          <button
            type="button"
            className="btn"
            disabled={position.state.phase === 'locating'}
            onClick={position.ask}
          >
            {position.state.phase === 'locating' ? PACK_TEXT.locating : PACK_TEXT.useLocation}
          </button>
          {position.state.phase === 'failed' && (
            <p className="pack-note" role="status">
              {PACK_TEXT.locationFailed}
            </p>
          )}
        </div>
      )}
      {cemeteries.list === null && cemeteries.error && ordered.length === 0 && (
        <p className="pack-status pack-stopped" role="status">
          {PACK_TEXT.listUnavailable}
        </p>
      )}
      {cemeteries.list !== null && ordered.length === 0 && (
        <p className="pack-status" role="status">
          {PACK_TEXT.nothingYet}
        </p>
      )}
      {ordered.map(({ cemetery, distance }, i) => (
        <PackCemetery
          key={cemetery.id}
          cemetery={cemetery}
          several={ordered.length > 1}
          distance={distance}
          nearest={at !== null && i === 0 && distance !== null}
          view={view}
        />
      ))}
      {anyHeld && (
        <div className="pack-actions">
          <button
            type="button"
            className="btn"
            disabled={view.updating || view.running !== null}
            onClick={view.updateNow}
          >
            {view.updating ? PACK_TEXT.updating : PACK_TEXT.updateNow}
          </button>
        </div>
      )}
      {view.updateNote && <p className="pack-status pack-stopped">{view.updateNote}</p>}
      {view.storage && (
        <p className="pack-note">
          {PACK_TEXT.spaceUsed(formatBytes(view.storage.usage), formatBytes(view.storage.quota))}
        </p>
      )}
      <PackSearchLink />
    </section>
  );
}
