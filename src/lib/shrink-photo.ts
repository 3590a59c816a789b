/**
 * A photo taken in the field is made smaller on the phone before it is queued: the server's
 * limit (UPLOAD_LIMITS.maxFileBytes) stays, and a 1.6 Mbit/s uplink sends a 400 KB JPEG in
 * about 2 s where a 6 MB original takes half a minute. The server re-encodes it anyway (sharp)
 * to at most displayMaxSide as WebP at displayWebpQuality, so the phone sends that size and,
 * where its browser encodes WebP, that format and quality: on a photo-like image about a third
 * fewer bytes than JPEG 0.85 for what the server keeps 0.3 dB apart
 * (docs/decisions/0173-field-photos-as-webp.md). Elsewhere (Safari answers PNG) JPEG 0.85.
 */
import { UPLOAD_LIMITS } from '../domain/upload-rules';

/** Small enough already: sent as taken. */
const KEEP_BYTES = 1024 * 1024;
const JPEG_QUALITY = 0.85;

let webpSupport: boolean | undefined;
/** Whether canvas encodes WebP here (asked once, on a 1-pixel canvas). */
function encodesWebp(): boolean {
  if (webpSupport === undefined) {
    const probe = document.createElement('canvas');
    probe.width = probe.height = 1;
    webpSupport = probe.toDataURL('image/webp').startsWith('data:image/webp');
  }
  return webpSupport;
}

export async function shrinkPhoto(file: Blob): Promise<Blob> {
  if (file.size <= KEEP_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const side = UPLOAD_LIMITS.displayMaxSide;
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    const w = Math.round(bitmap.width * scale);
    const h = Math.round(bitmap.height * scale);
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, w, h);
    bitmap.close();
    const webp = encodesWebp();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(
        resolve,
        webp ? 'image/webp' : 'image/jpeg',
        webp ? UPLOAD_LIMITS.displayWebpQuality / 100 : JPEG_QUALITY,
      ),
    );
    return blob && blob.size < file.size ? blob : file;
  } catch {
    // Not decodable here (HEIC on some browsers): the server's own rules answer it.
    return file;
  }
}

/** The device's position now, or null (denied, unsupported, no fix within 10 s). */
export function currentPosition(): Promise<{ latitude: number; longitude: number } | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  });
}
