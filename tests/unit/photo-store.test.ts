/**
 * Photos kept on the device: which URLs are photos, a pack copy never downgraded to
 * "viewed", and "viewed" photos trimmed oldest first beyond the caps (pack ones never).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorialDb } from '../../src/data/db';
import { photoPath, storePhoto, trimViewed } from '../../src/data/photo-store';

const file = (n: number, thumb = false) =>
  `${n.toString(16).padStart(32, '0')}${thumb ? '-t' : ''}.webp`;
const blob = (size: number) => new Blob([new Uint8Array(size)], { type: 'image/webp' });

describe('photos on the device', () => {
  let db: MemorialDb;
  beforeEach(() => {
    db = new MemorialDb(`photos-test-${Math.random()}`);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('recognises only stored image URLs under /api/images', () => {
    expect(photoPath(`/api/images/sepultados/${file(1)}`)).toBe(`sepultados/${file(1)}`);
    expect(photoPath(`/api/images/users/${file(2, true)}`)).toBe(`users/${file(2, true)}`);
    expect(photoPath(`/api/images/outros/${file(1)}`)).toBeNull();
    expect(photoPath('/api/images/sepultados/../x.webp')).toBeNull();
    expect(photoPath(`/api/images/sepultados/${file(1)}/x`)).toBeNull();
    expect(photoPath('/api/sync/sepultados')).toBeNull();
    expect(photoPath('/sepultura-padrao.png')).toBeNull();
  });

  it('keeps a pack photo as pack when the same photo is viewed', async () => {
    const path = `sepultados/${file(1, true)}`;
    await storePhoto(db, path, blob(10), 'pack', 1);
    await storePhoto(db, path, blob(10), 'viewed', 2);
    expect((await db.photos.get(path))?.kind).toBe('pack');
    const other = `sepultados/${file(2)}`;
    await storePhoto(db, other, blob(10), 'viewed', 3);
    await storePhoto(db, other, blob(10), 'pack', 4);
    expect((await db.photos.get(other))?.kind).toBe('pack');
  });

  it('trims viewed photos oldest first beyond the byte and count caps, never pack ones', async () => {
    await storePhoto(db, `sepultados/${file(100, true)}`, blob(500), 'pack', 0);
    for (let i = 1; i <= 6; i += 1) {
      await storePhoto(db, `sepultados/${file(i)}`, blob(100), 'viewed', i);
    }
    expect(await trimViewed(db, { bytes: 1000, items: 4 })).toBe(2);
    const left = (await db.photos.orderBy('storedAt').toArray()).map((p) => p.path);
    expect(left).toEqual([100, 3, 4, 5, 6].map((n) => `sepultados/${file(n, n === 100)}`));
    expect(await trimViewed(db, { bytes: 250, items: 100 })).toBe(2);
    expect(await db.photos.where('kind').equals('viewed').count()).toBe(2);
    expect(await db.photos.where('kind').equals('pack').count()).toBe(1);
  });
});
