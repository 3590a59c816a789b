/**
 * "Código QR" on the detail page: the QR of this record's page, for a label on the
 * grave. The link is shown too, so a person can copy it; the QR library loads only here, and
 * only once the section comes near the viewport (below the fold on the QR landing itself).
 */
import { useRef } from 'react';
import { recordUrl } from '../../lib/qr-image';
import { LOAD_TEXT } from '../../lib/texts/load-texts';
import { useHydrated } from '../../lib/use-hydrated';
import { useQr } from '../../lib/use-qr';
import { FailedBox } from '../../ui/part-boundary';
import { useNearViewport } from '../../ui/use-near-viewport';
import './map.css';

/**
 * The page's origin (https://host). The server's render does not know what the browser sees
 * (proxies): it renders a path, and the browser puts its origin in right after hydration (no
 * mismatch).
 */
function useOrigin(): string {
  return useHydrated() ? window.location.origin : '';
}

export function QrSection({ id, nome }: { id: string; nome: string }) {
  const url = recordUrl(id, useOrigin());
  const holder = useRef<HTMLElement>(null);
  const near = useNearViewport(holder);
  const { src, failed, retry } = useQr(near ? url : null);
  return (
    <section
      ref={holder}
      className="page detail-section map-qr-code"
      aria-labelledby="codigo-qr"
      data-qr-url={url}
    >
      <h2 id="codigo-qr">Código QR</h2>
      {src ? (
        <img src={src} alt={`Código QR da página de ${nome}`} width={180} height={180} />
      ) : failed ? (
        // Its code not on the device and no signal: said here, with a retry; the page stays.
        <FailedBox className="map-qr-placeholder" message={LOAD_TEXT.qr} onRetry={retry} />
      ) : (
        // Same size as the image: nothing below jumps when the code appears.
        <p className="muted map-qr-placeholder">Gerando o código QR…</p>
      )}
      <p className="map-small">
        <a href={url}>{url}</a>
      </p>
    </section>
  );
}
