/**
 * The enlarged photo (home cards, detail carousel): a modal dialog closed by the × button,
 * by Escape, or by a click outside the photo (the dialog fills the screen around it) (spec §2). The native <dialog> keeps focus
 * inside. Closing gives focus back to the photo that opened it (WCAG 2.4.3): the dialog is
 * unmounted before it is closed, so the browser's own return of focus fell to <body>.
 */
import { useEffect, useRef } from 'react';

interface Props {
  src: string;
  alt: string;
  onClose(): void;
}

export function ImageOverlay({ src, alt, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="burial-image-overlay"
      aria-label={alt}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // The dialog itself is the area around the photo: a click there is "outside".
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <img className="burial-image-overlay-img" src={src} alt={alt} />
      <button
        type="button"
        className="burial-image-overlay-close"
        aria-label="Fechar"
        onClick={onClose}
      >
        ×
      </button>
    </dialog>
  );
}
