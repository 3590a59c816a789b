/**
 * The QR landing's record, asked for while the app boots (main.tsx) instead of after the
 * detail page's code and the device store have loaded: on a crowded network that chain cost
 * a round trip and a half before the name and the photo (the LCP) could show. When it comes,
 * its first photo is preloaded with the carousel's own srcset and sizes (so the <img> finds
 * it in the cache) at high priority. fetchBurial takes the answer once; anything but a 200
 * (no signal, a 401, a 404) is asked again the usual way, so failures keep their one path
 * and their texts.
 */
import { DETAIL_PHOTO_SIZES, photoSrcSet } from '../../domain/photo-srcset';
import { API_BASE } from '../../lib/api-base';
import { readToken } from '../session-storage';

let early: { id: string; answer: Promise<unknown> } | null = null;

function preloadFirstPhoto(record: unknown): void {
  const images = (record as { images?: unknown } | null)?.images;
  const srcset = Array.isArray(images) ? photoSrcSet(images[0] as string, API_BASE) : undefined;
  if (!srcset) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.imageSrcset = srcset;
  link.imageSizes = DETAIL_PHOTO_SIZES;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/** On /sepultados/{id}: asks for the record now. Answers whether it did. */
export function askEarly(path: string): boolean {
  const id = /^\/sepultados\/([0-9a-f]{24})$/.exec(path)?.[1];
  if (!id) return false;
  const token = readToken();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const answer = fetch(`${API_BASE}/sepultados/${id}`, { headers })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null);
  void answer.then(preloadFirstPhoto);
  early = { id, answer };
  return true;
}

/**
 * A page the server rendered carries its record (src/data/public-data.tsx): that is the early
 * answer, so the record is not asked for again; its photo is already in the page's HTML.
 */
export function answerEarly(record: { id: string }): void {
  early = { id: record.id, answer: Promise.resolve(record) };
}

/** The early answer's body for `id` (once), or null: the caller asks the usual way. */
export async function takeEarly(id: string): Promise<unknown> {
  const mine = early?.id === id ? early.answer : null;
  early = null;
  return mine;
}
