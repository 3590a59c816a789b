/**
 * QR codes of record pages (labels, the record's page, printed work orders). `qrcode` is imported on demand so it stays out of the
 * first load; the SVG it writes is shown through a data: URL in an <img> (allowed by the CSP's
 * img-src), never injected as markup.
 */

/** The page a record's QR code opens: the SPA route, which opens offline from Dexie. */
export function recordUrl(id: string, origin: string = window.location.origin): string {
  return `${origin}/sepultados/${id}`;
}

export async function qrDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  // M (15 % recovery) survives a weathered label; margin 2 keeps the quiet zone on a sticker.
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The page a grave's QR code opens (printed work orders). */
export function graveUrl(id: string, origin: string = window.location.origin): string {
  return `${origin}/sepulturas/${id}`;
}
