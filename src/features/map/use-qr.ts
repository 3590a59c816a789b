/**
 * The QR image (data: URL) of a text, made once per text; null while it is being drawn, or while
 * the text is null (the caller is not ready to pay for the QR library yet).
 */
import { useEffect, useState } from 'react';
import { qrDataUrl } from './qr-image';

export function useQr(text: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ text: string | null; src: string | null; failed: boolean }>({
    text,
    src: null,
    failed: false,
  });
  useEffect(() => {
    if (text === null) return;
    let live = true;
    qrDataUrl(text).then(
      (src) => live && setState({ text, src, failed: false }),
      // The only failure is the chunk not loading (offline on a never-seen build).
      () => live && setState({ text, src: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return state.text === text ? state : { src: null, failed: false };
}
