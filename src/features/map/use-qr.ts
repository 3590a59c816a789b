/** The QR image (data: URL) of a text, made once per text; null while it is being drawn. */
import { useEffect, useState } from 'react';
import { qrDataUrl } from './qr-image';

export function useQr(text: string): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ text: string; src: string | null; failed: boolean }>({
    text,
    src: null,
    failed: false,
  });
  useEffect(() => {
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
