/**
 * Photos kept on the device, shared by the page (the visit pack's thumbnails) and the
 * service worker (photos of records a visitor opened). Keyed by the path under /api/images/
 * ("sepultados/<file>"), so plain <img src> works offline. Kinds: "pack" stays until the pack
 * is removed; "viewed" is trimmed oldest first beyond VIEWED_CAP — 150 MB or 3000 photos, about
 * 1500 opened records with two display photos each, a fraction of a phone's free space and far
 * more than a visit to the cemetery opens. Never in Cache Storage: API data lives in IndexedDB.
 */
import { IMAGE_FILE_REGEX, IMAGE_KINDS } from '../domain/upload-rules';
import type { LocalPhoto, MemorialDb } from './db';

const VIEWED_CAP = { bytes: 150 * 1024 * 1024, items: 3000 } as const;

const IMAGES_PREFIX = '/api/images/';

/** "/api/images/sepultados/<file>" → "sepultados/<file>"; anything else → null. */
export function photoPath(pathname: string): string | null {
  if (!pathname.startsWith(IMAGES_PREFIX)) return null;
  const [kind, file, ...rest] = pathname.slice(IMAGES_PREFIX.length).split('/');
  if (rest.length > 0 || !kind || !file) return null;
  if (!(IMAGE_KINDS as readonly string[]).includes(kind) || !IMAGE_FILE_REGEX.test(file)) {
    return null;
  }
  return `${kind}/${file}`;
}

/** A photo as it should be stored: a pack copy is never downgraded to "viewed". */
export async function storePhoto(
  db: MemorialDb,
  path: string,
  blob: Blob,
  kind: LocalPhoto['kind'],
  now: number = Date.now(),
): Promise<void> {
  await db.transaction('rw', db.photos, async () => {
    const held = await db.photos.get(path);
    const keep = held && held.kind !== 'viewed' && kind === 'viewed' ? held.kind : kind;
    await db.photos.put({ path, blob, kind: keep, bytes: blob.size, storedAt: now });
  });
}

/** Drops the oldest "viewed" photos until both caps hold; answers how many went. */
export async function trimViewed(
  db: MemorialDb,
  cap: { bytes: number; items: number } = VIEWED_CAP,
): Promise<number> {
  return db.transaction('rw', db.photos, async () => {
    const viewed = await db.photos.where('kind').equals('viewed').toArray();
    viewed.sort((a, b) => a.storedAt - b.storedAt);
    let bytes = viewed.reduce((sum, p) => sum + p.bytes, 0);
    let items = viewed.length;
    const drop: string[] = [];
    for (const p of viewed) {
      if (bytes <= cap.bytes && items <= cap.items) break;
      drop.push(p.path);
      bytes -= p.bytes;
      items -= 1;
    }
    await db.photos.bulkDelete(drop);
    return drop.length;
  });
}
