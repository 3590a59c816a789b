import { describe, expect, it } from 'vitest';
import {
  canDeleteTribute,
  compareTributes,
  mergeTributes,
  tributePhotos,
  withoutTribute,
} from '../../src/features/tributes/tribute-list-state';
import { tribute, tributesFrom } from './tributes-fixtures';

const ids = (list: { _id: string }[]) => list.map((t) => t._id);

describe('tribute list state', () => {
  it('orders newest first and breaks a same-millisecond tie by id, like the server', () => {
    const at = '2025-05-01T12:00:00.000Z';
    const a = tribute(at, { _id: 'aaaaaaaaaaaaaaaaaaaaaaa1' });
    const b = tribute(at, { _id: 'aaaaaaaaaaaaaaaaaaaaaaa2' });
    const older = tribute('2025-04-30T12:00:00.000Z');
    expect(ids([older, a, b].sort(compareTributes))).toEqual([b._id, a._id, older._id]);
  });

  it('merges a next page without repeating items it already holds', () => {
    const all = tributesFrom('2025-05-01T12:00:00.000Z', 15);
    const page1 = all.slice(0, 10);
    // A tribute was removed meanwhile, so page 2 starts one earlier and overlaps page 1.
    const page2 = all.slice(9, 15);
    const merged = mergeTributes(page1, page2);
    expect(ids(merged)).toEqual(ids(all));
    expect(new Set(ids(merged)).size).toBe(merged.length);
  });

  it('puts a tribute just posted on top, once, even if a later page brings it again', () => {
    const page1 = tributesFrom('2025-05-01T12:00:00.000Z', 3);
    const posted = tribute('2025-05-02T08:00:00.000Z', { texto: 'nova' });
    const afterPost = mergeTributes(page1, [posted]);
    expect(afterPost[0]?._id).toBe(posted._id);
    const again = mergeTributes(afterPost, [posted, ...page1]);
    expect(ids(again)).toEqual(ids(afterPost));
  });

  it('keeps the fresher copy of an item met twice', () => {
    const old = tribute('2025-05-01T12:00:00.000Z', { autor: 'Ana' });
    const fresh = { ...old, autor: 'Usuário removido', user: null };
    expect(mergeTributes([old], [fresh])[0]?.autor).toBe('Usuário removido');
  });

  it('removes one tribute by id', () => {
    const list = tributesFrom('2025-05-01T12:00:00.000Z', 3);
    expect(ids(withoutTribute(list, list[1]?._id ?? ''))).toEqual([list[0]?._id, list[2]?._id]);
  });

  it('lists the photos of the loaded tributes in list order, as API image URLs', () => {
    const list = [
      tribute('2025-05-03T00:00:00.000Z', { imagem: 'a.jpg', autor: 'Ana' }),
      tribute('2025-05-02T00:00:00.000Z'),
      tribute('2025-05-01T00:00:00.000Z', { imagem: 'b c.jpg', autor: 'Rui' }),
    ];
    expect(tributePhotos(list)).toEqual([
      { id: list[0]?._id, src: '/api/images/comentarios/a.jpg', autor: 'Ana' },
      { id: list[2]?._id, src: '/api/images/comentarios/b%20c.jpg', autor: 'Rui' },
    ]);
  });

  it('lets the author and admins delete, nobody else', () => {
    const item = tribute('2025-05-01T00:00:00.000Z');
    const author = item.user ?? undefined;
    expect(canDeleteTribute(item, { userId: author, role: 'usuario' })).toBe(true);
    expect(canDeleteTribute(item, { userId: 'outro', role: 'usuario' })).toBe(false);
    expect(canDeleteTribute(item, { userId: 'outro', role: 'concessionario' })).toBe(false);
    expect(canDeleteTribute(item, { userId: 'outro', role: 'admin' })).toBe(true);
    expect(canDeleteTribute(item, { userId: null, role: 'usuario' })).toBe(false);
    // An anonymous tribute (no user) is never "mine" for an empty id.
    expect(canDeleteTribute({ ...item, user: null }, { userId: '', role: 'usuario' })).toBe(false);
  });

  it('tells the author of a copy kept on the device from before `user` became the id', () => {
    const item = tribute('2025-05-01T00:00:00.000Z');
    // An older answer's shape, still in IndexedDB: the author as an object (spec §3 allows it).
    const kept = { ...item, user: { _id: 'u2u2u2u2u2u2u2u2u2u2u2u2', name: 'Rui', image: null } };
    const stored = kept as unknown as typeof item;
    expect(canDeleteTribute(stored, { userId: 'u2u2u2u2u2u2u2u2u2u2u2u2', role: 'usuario' })).toBe(
      true,
    );
    expect(canDeleteTribute(stored, { userId: 'outro', role: 'usuario' })).toBe(false);
  });
});
