/// <reference lib="webworker" />
/**
 * Photos on the device, in the service worker: GET /api/images/<kind>/<file> from an
 * <img> is answered from Dexie `photos` when stored (visit pack, or opened before); otherwise
 * from the network, keeping a 200 image as "viewed" (trimmed by src/data/photo-store.ts). With
 * no signal and nothing stored: a burial's display photo falls back to its stored thumbnail
 * (the pack keeps those), else to the precached placeholder — never a broken image.
 * Only <img> loads (destination "image") are touched: the pack's own fetches go straight to the
 * network and are stored by the page as "pack". Any failure of IndexedDB here means "go to the
 * network", never a failed photo.
 */
import { matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { MemorialDb } from '../src/data/db';
import { photoPath, storePhoto, trimViewed } from '../src/data/photo-store';
import { displayNameOf, thumbNameOf } from '../src/domain/upload-rules';

declare const self: ServiceWorkerGlobalScope;

const PLACEHOLDER: Record<string, string> = {
  users: '/usuario-padrao.jpg',
  sepultados: '/sepultura-padrao.png',
  comentarios: '/sepultura-padrao.png',
};

let database: MemorialDb | null = null;
const photosDb = () => {
  database ??= new MemorialDb();
  return database;
};

async function stored(path: string): Promise<Response | null> {
  try {
    const photo = await photosDb().photos.get(path);
    if (!photo) return null;
    return new Response(photo.blob, {
      headers: { 'content-type': photo.blob.type || 'image/webp', 'x-memorial-photo': photo.kind },
    });
  } catch {
    return null;
  }
}

async function keepViewed(path: string, response: Response): Promise<void> {
  try {
    const blob = await response.blob();
    await storePhoto(photosDb(), path, blob, 'viewed');
    await trimViewed(photosDb());
  } catch {
    // A full device or a closed database: the photo still showed, it is just not kept.
  }
}

async function offlineFallback(path: string): Promise<Response> {
  const [kind = 'sepultados', file = ''] = path.split('/');
  if (kind === 'sepultados' && file.endsWith('-m.webp')) {
    // The 800 px copy of a srcset: the display file kept on the device serves as well.
    const display = await stored(`${kind}/${displayNameOf(file)}`);
    if (display) return display;
  }
  if (kind === 'sepultados' && !file.endsWith('-t.webp')) {
    const thumb = await stored(`${kind}/${thumbNameOf(file)}`);
    if (thumb) return thumb;
  }
  const placeholder = await matchPrecache(PLACEHOLDER[kind] ?? '/sepultura-padrao.png');
  return placeholder ?? Response.error();
}

async function answer(event: FetchEvent, path: string): Promise<Response> {
  const local = await stored(path);
  if (local) return local;
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch {
    return offlineFallback(path);
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 200 && type.startsWith('image/')) {
    event.waitUntil(keepViewed(path, response.clone()));
  }
  return response;
}

export function registerPhotoCache(): void {
  registerRoute(
    ({ url, request, sameOrigin }) =>
      sameOrigin && request.destination === 'image' && photoPath(url.pathname) !== null,
    async ({ url, event }) => {
      const path = photoPath(url.pathname);
      if (!path || !(event instanceof FetchEvent)) return fetch(url);
      return answer(event, path);
    },
  );
}
