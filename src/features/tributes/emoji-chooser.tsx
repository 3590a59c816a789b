/**
 * The emoji button and its popover. The picker itself is lazy (emoji-picker.tsx). It closes
 * when an emoji is chosen or the mouse leaves button and picker (spec §4), and — for touch and
 * keyboard, where there is no mouse to leave — on a tap outside or Escape, giving focus back.
 */
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { TRIBUTE_UI } from '../../lib/texts/tribute-texts';
import { PartBoundary, retryableLazy } from '../../ui/part-boundary';
import './tribute-emoji.css';

// A chunk that cannot load (an old deploy's file gone, no signal before the service worker
// cached it) says so inside the popover, with a retry, instead of taking the page down.
const TributeEmojiPicker = retryableLazy(() => import('./emoji-picker'));

export function EmojiChooser({
  onPick,
  disabled,
}: {
  onPick: (emoji: string) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popoverId = useId();

  // The mouse leaving closes it (spec §4). A DOM listener, not a JSX handler: the wrapper is a
  // plain box, and keyboard users close it with Escape instead. The browser also reports a leave
  // when the page moves under a mouse that did not (a window resized, a phone turned, content
  // arriving above): that leave comes at the point where the mouse last moved, and is not the
  // person leaving. A real move reports its leave at the new point, before its own mousemove.
  const lastMove = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const seen = (event: MouseEvent) => {
      lastMove.current = { x: event.clientX, y: event.clientY };
    };
    document.addEventListener('mousemove', seen, { capture: true, passive: true });
    return () => document.removeEventListener('mousemove', seen, { capture: true });
  }, []);
  useEffect(() => {
    const el = wrapper.current;
    if (!open || !el) return;
    const leave = (event: MouseEvent) => {
      const still = lastMove.current;
      if (still && still.x === event.clientX && still.y === event.clientY) return;
      setOpen(false);
    };
    el.addEventListener('mouseleave', leave);
    return () => el.removeEventListener('mouseleave', leave);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function choose(emoji: string) {
    onPick(emoji);
    setOpen(false);
    button.current?.focus();
  }

  return (
    <div className="tribute-emoji" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="btn"
        aria-label={TRIBUTE_UI.emojiButtonLabel}
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">🙂</span> {TRIBUTE_UI.emojiButton}
      </button>
      {open && (
        <div className="tribute-emoji-popover" id={popoverId}>
          <div className="tribute-emoji-bar">
            <span>{TRIBUTE_UI.emojiSheetTitle}</span>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setOpen(false);
                button.current?.focus();
              }}
            >
              {TRIBUTE_UI.modalClose}
            </button>
          </div>
          <PartBoundary
            message={TRIBUTE_UI.emojiUnavailable}
            onRetry={TributeEmojiPicker.retry}
            className="tribute-emoji-loading"
          >
            <Suspense fallback={<p className="tribute-emoji-loading">{TRIBUTE_UI.emojiLoading}</p>}>
              <TributeEmojiPicker onPick={choose} />
            </Suspense>
          </PartBoundary>
        </div>
      )}
    </div>
  );
}
