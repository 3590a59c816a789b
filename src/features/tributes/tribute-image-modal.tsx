/**
 * The image modal of the tribute list (spec §2): the photos of the loaded tributes in a
 * carousel with dots, arrows and swipe. A native <dialog> opened with showModal(): the page
 * behind becomes inert and focus stays inside. Closed by ×, Escape or a click outside the
 * photo; focus then returns to the thumbnail that opened it.
 */
import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from 'react';
import { TRIBUTE_UI } from '../../lib/texts/tribute-texts';
import type { TributePhoto } from './tribute-list-state';
import './tribute-modal.css';

const SWIPE_PX = 40;

export function TributeImageModal({
  photos,
  index,
  onIndex,
  onClose,
  returnFocus,
}: {
  photos: readonly TributePhoto[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  returnFocus: HTMLElement | null;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const swipeFrom = useRef<number | null>(null);
  const count = photos.length;
  const photo = photos[index];

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => {
      el?.close();
      returnFocus?.focus();
    };
  }, [returnFocus]);

  if (!photo) return null;
  const go = (step: number) => onIndex((index + step + count) % count);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft' && count > 1) go(-1);
    if (event.key === 'ArrowRight' && count > 1) go(1);
  }
  function onPointerDown(event: PointerEvent) {
    swipeFrom.current = event.clientX;
  }
  function onPointerUp(event: PointerEvent) {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null || count < 2) return;
    const dx = event.clientX - from;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
  }

  return (
    <dialog
      ref={dialog}
      className="tribute-modal"
      aria-label={TRIBUTE_UI.modalLabel}
      onCancel={(e) => {
        // Escape: let React unmount it, so the close and the focus return happen in one place.
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget || (e.target as HTMLElement).dataset.backdrop) onClose();
      }}
      onKeyDown={onKeyDown}
    >
      <div className="tribute-modal-stage" data-backdrop="true">
        <button
          type="button"
          className="tribute-modal-close"
          aria-label={TRIBUTE_UI.modalClose}
          onClick={onClose}
          // biome-ignore lint/a11y/noAutofocus: a modal dialog puts focus on its close button
          autoFocus
        >
          ×
        </button>
        <figure className="tribute-modal-figure">
          <img
            key={photo.id}
            src={photo.src}
            alt={TRIBUTE_UI.photoAlt(photo.autor)}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            draggable={false}
          />
          <figcaption>{TRIBUTE_UI.modalCaption(photo.autor)}</figcaption>
        </figure>
        {count > 1 && (
          <div className="tribute-modal-nav" data-backdrop="true">
            <button
              type="button"
              className="tribute-modal-arrow"
              aria-label={TRIBUTE_UI.modalPrev}
              onClick={() => go(-1)}
            >
              ‹
            </button>
            <div className="tribute-modal-dots" data-backdrop="true">
              {photos.map((p, i) => (
                <button
                  key={p.id}
                  type="button"
                  className="tribute-modal-dot"
                  aria-label={TRIBUTE_UI.modalDot(i + 1, count)}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => onIndex(i)}
                />
              ))}
            </div>
            <button
              type="button"
              className="tribute-modal-arrow"
              aria-label={TRIBUTE_UI.modalNext}
              onClick={() => go(1)}
            >
              ›
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}
