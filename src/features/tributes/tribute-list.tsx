/**
 * The list of tributes (spec §2): count, items newest first, "Carregar mais" while the server
 * says more exist ("Carregando…" while busy), and the image modal over the loaded photos.
 * Deletion asks first, then tells the result; focus goes to the list heading so it is not
 * lost with the removed item.
 */
import { type RefObject, useMemo, useState } from 'react';
import { ApiFailure } from '../../data/failure';
import { deleteTribute } from '../../data/tributes';
import { TRIBUTE_MSG } from '../../domain/tribute-rules';
import type { TributeItem } from '../../domain/tribute-types';
import { API_BASE } from '../../lib/api-base';
import { TRIBUTE_UI } from '../../lib/texts/tribute-texts';
import { useFlash } from '../../ui/flash';
import { TributeImageModal } from './tribute-image-modal';
import { TributeEntry } from './tribute-item';
import { canDeleteTribute, tributePhotos } from './tribute-list-state';
import type { useTributes } from './use-tributes';

type Tributes = ReturnType<typeof useTributes>;

export function TributeList({
  sepultadoId,
  knownCount,
  tributes,
  viewer,
  heading,
}: {
  sepultadoId: string;
  /** The visit pack's count when the list was never loaded here (null: unknown). */
  knownCount?: number | undefined;
  tributes: Tributes;
  viewer: { userId: string | null; role: string };
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const flash = useFlash();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [open, setOpen] = useState<{ id: string; opener: HTMLElement } | null>(null);
  const photos = useMemo(() => tributePhotos(tributes.items, API_BASE), [tributes.items]);
  const openIndex = open ? photos.findIndex((p) => p.id === open.id) : -1;

  async function remove(item: TributeItem) {
    if (!window.confirm(TRIBUTE_UI.confirmDelete)) return;
    setDeleting(item._id);
    try {
      await deleteTribute(sepultadoId, item._id);
      flash.success(TRIBUTE_MSG.removed);
      tributes.removed(item._id);
      heading.current?.focus();
    } catch (err) {
      const failure = err instanceof ApiFailure ? err : new ApiFailure(0, TRIBUTE_MSG.removeFailed);
      flash.error(failure.offline ? TRIBUTE_UI.offlineDelete : failure.message);
      // Already gone on the server (removed elsewhere): take it off the screen too.
      if (failure.status === 404) tributes.removed(item._id);
    } finally {
      setDeleting(null);
    }
  }

  if (tributes.phase === 'loading') {
    return <p className="tribute-status">{TRIBUTE_UI.loading}</p>;
  }

  if (tributes.phase === 'unknown') {
    return (
      <p className="tribute-offline">
        {TRIBUTE_UI.offlineUnknown}
        {/* The count a visit pack carries: the list was never loaded on this device. */}
        {knownCount ? ` (${TRIBUTE_UI.count(knownCount)})` : ''}
      </p>
    );
  }

  return (
    <>
      {tributes.phase === 'offline' && <p className="tribute-offline">{TRIBUTE_UI.offlineList}</p>}
      {tributes.items.length === 0 ? (
        <p className="tribute-status">{TRIBUTE_UI.empty}</p>
      ) : (
        <>
          {tributes.phase === 'ready' && (
            <p className="tribute-count">{TRIBUTE_UI.count(tributes.total)}</p>
          )}
          <ul className="tribute-list">
            {tributes.items.map((item) => (
              <TributeEntry
                key={item._id}
                item={item}
                canDelete={canDeleteTribute(item, viewer)}
                deleting={deleting === item._id}
                onDelete={(i) => void remove(i)}
                onOpenPhoto={(id, opener) => setOpen({ id, opener })}
              />
            ))}
          </ul>
        </>
      )}
      {tributes.hasMore && (
        <button
          type="button"
          className="btn tribute-more"
          disabled={tributes.loadingMore}
          aria-busy={tributes.loadingMore}
          onClick={() => void tributes.loadMore()}
        >
          {tributes.loadingMore ? TRIBUTE_UI.loading : TRIBUTE_UI.loadMore}
        </button>
      )}
      {open && openIndex >= 0 && (
        <TributeImageModal
          photos={photos}
          index={openIndex}
          onIndex={(i) => {
            const next = photos[i];
            if (next) setOpen({ id: next.id, opener: open.opener });
          }}
          onClose={() => setOpen(null)}
          returnFocus={open.opener}
        />
      )}
    </>
  );
}
