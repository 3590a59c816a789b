import { afterEach, describe, expect, it } from 'vitest';
import { MemorialDb } from '../../src/data/db';
import {
  cachedTributes,
  cacheTribute,
  cacheTributePage,
  OFFLINE_WINDOW,
  readTributeWindow,
  tributesSeen,
  uncacheTribute,
} from '../../src/data/tribute-cache';
import { tributeCursor } from '../../src/domain/tribute-rules';
import { tribute, tributesFrom } from './tributes-fixtures';

const SEP = '65f0000000000000000000aa';
const OTHER = '65f0000000000000000000bb';
let database: MemorialDb;
let n = 0;

function open(): MemorialDb {
  n += 1;
  database = new MemorialDb(`tributes-cache-${n}`);
  return database;
}

afterEach(async () => {
  await database?.delete();
});

const ids = (list: { _id: string }[]) => list.map((t) => t._id);

describe('tribute cache (offline reading)', () => {
  it('tells "never loaded here" apart from "none": only a page 1 answer marks a record seen', async () => {
    const db = open();
    expect(await tributesSeen(db, SEP)).toBe(false);
    await cacheTribute(db, tribute('2025-05-01T12:00:00.000Z', { sepultadoId: SEP }));
    expect(await tributesSeen(db, SEP)).toBe(false);
    await cacheTributePage(db, SEP, { items: [], hasMore: false, before: null });
    expect(await tributesSeen(db, SEP)).toBe(true);
    expect(await tributesSeen(db, OTHER)).toBe(false);
  });

  it('gives back the pages it was given, newest first, per record', async () => {
    const db = open();
    const all = tributesFrom('2025-05-01T12:00:00.000Z', 15, SEP);
    await cacheTributePage(db, SEP, { items: all.slice(0, 10), hasMore: true, before: null });
    const before = all[9] ? tributeCursor(all[9]) : null;
    await cacheTributePage(db, SEP, { items: all.slice(10), hasMore: false, before });
    await cacheTributePage(db, OTHER, {
      items: tributesFrom('2025-06-01T12:00:00.000Z', 2, OTHER),
      hasMore: false,
      before: null,
    });
    const cached = await cachedTributes(db, SEP);
    expect(ids(cached)).toEqual(ids(all));
    expect(cached[0]).toEqual(all[0]);
    expect(await cachedTributes(db, SEP, 3)).toHaveLength(3);
    expect(await cachedTributes(db, OTHER)).toHaveLength(2);
  });

  it('drops tributes removed elsewhere within the range a page answers for', async () => {
    const db = open();
    const all = tributesFrom('2025-05-01T12:00:00.000Z', 12, SEP);
    await cacheTributePage(db, SEP, { items: all.slice(0, 10), hasMore: true, before: null });
    await cacheTributePage(db, SEP, {
      items: all.slice(10),
      hasMore: false,
      before: all[9] ? tributeCursor(all[9]) : null,
    });
    // Later, page 1 comes back without all[3] (deleted) and with a new one on top.
    const fresh = tribute('2025-05-02T09:00:00.000Z', { sepultadoId: SEP });
    const page1 = [fresh, ...all.slice(0, 3), ...all.slice(4, 10)];
    await cacheTributePage(db, SEP, { items: page1, hasMore: true, before: null });
    const cached = await cachedTributes(db, SEP);
    expect(ids(cached)).toEqual([fresh._id, ...ids(all.slice(0, 3)), ...ids(all.slice(4))]);
  });

  it('an empty last page clears everything older than its cursor', async () => {
    const db = open();
    const all = tributesFrom('2025-05-01T12:00:00.000Z', 5, SEP);
    await cacheTributePage(db, SEP, { items: all, hasMore: false, before: null });
    await cacheTributePage(db, SEP, {
      items: [],
      hasMore: false,
      before: all[1] ? tributeCursor(all[1]) : null,
    });
    expect(ids(await cachedTributes(db, SEP))).toEqual(ids(all.slice(0, 2)));
    await cacheTributePage(db, SEP, { items: [], hasMore: false, before: null });
    expect(await cachedTributes(db, SEP)).toEqual([]);
  });

  it('adds a posted tribute and forgets a deleted one', async () => {
    const db = open();
    const posted = tribute('2025-05-01T12:00:00.000Z', { sepultadoId: SEP });
    await cacheTribute(db, posted);
    expect(ids(await cachedTributes(db, SEP))).toEqual([posted._id]);
    await uncacheTribute(db, posted._id);
    expect(await cachedTributes(db, SEP)).toEqual([]);
  });

  it('reads the window the loaded pages answer for, not older stored ones', async () => {
    const db = open();
    // A visit that loaded two pages, then a new visit that loaded only page 1 again.
    const all = tributesFrom('2025-05-01T12:00:00.000Z', 15, SEP);
    await cacheTributePage(db, SEP, { items: all.slice(0, 10), hasMore: true, before: null });
    const before = all[9] ? tributeCursor(all[9]) : null;
    await cacheTributePage(db, SEP, { items: all.slice(10), hasMore: false, before });
    const fresh = tribute('2025-05-02T09:00:00.000Z', { sepultadoId: SEP });
    const page1 = [fresh, ...all.slice(0, 9)];
    await cacheTributePage(db, SEP, { items: page1, hasMore: true, before: null });
    const floor = all[8] ? tributeCursor(all[8]) : null;
    expect(ids(await readTributeWindow(db, SEP, { floor }))).toEqual(ids(page1));
    // Everything stored once the last page was loaded; the newest n without signal.
    expect(ids(await readTributeWindow(db, SEP, { floor: null }))).toEqual(ids([fresh, ...all]));
    expect(ids(await readTributeWindow(db, SEP, { newest: 3 }))).toEqual(ids(page1.slice(0, 3)));
    expect(OFFLINE_WINDOW).toEqual({ newest: 50 });
    expect(await readTributeWindow(db, OTHER, { floor: null })).toEqual([]);
  });
});
