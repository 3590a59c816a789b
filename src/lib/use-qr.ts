/**
 * The QR image (data: URL) of a text, made once per text; null while it is being drawn, or while
 * the text is null (the caller is not ready to pay for the QR library yet).
 */

import { qrDataUrl } from './qr-image';
import { useLoad } from './use-load';

export function useQr(text: string | null): {
  src: string | null;
  failed: boolean;
  retry: () => void;
} {
  const { state, reload } = useLoad(text === null ? null : () => qrDataUrl(text), [text]);
  if (state.phase === 'done') return { src: state.value, failed: false, retry: reload };
  // The only failure is the chunk not loading (offline on a never-seen build).
  return { src: null, failed: state.phase === 'failed', retry: reload };
}
