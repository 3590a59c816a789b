import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEP_MSG } from '../../src/domain/burial-messages';
import { newId } from '../../src/domain/ids';
import { TRIBUTE_MSG } from '../../src/domain/tribute-rules';
import type { TributeItem } from '../../src/domain/tribute-types';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { list, tribute, url } from './tributes-helpers';

describe.each(engines)('listing tributes ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let maria: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
    maria = await actor(h, 'usuario', 'Maria das Dores');
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  /** A record with n tributes "1".."n" (n newest), without hitting the rate limit. */
  async function recordWith(n: number): Promise<string> {
    const id = (await createRecord(h, admin)).id;
    for (let i = 1; i <= n; i += 1) {
      h.limiter.clear();
      await tribute(h, maria, id, String(i));
    }
    return id;
  }
  const texts = (items: TributeItem[]) => items.map((i) => i.texto);

  it('lists newest first, 10 by default, with hasMore and total', async () => {
    const id = await recordWith(12);
    const first = await list(h, id);
    expect(texts(first.items)).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3']);
    expect(first.hasMore).toBe(true);
    expect(first.total).toBe(12);
    expect(first.anchor).toBe(first.items[0]?._id);
    const second = await list(h, id, 'page=2');
    expect(texts(second.items)).toEqual(['2', '1']);
    expect(second.hasMore).toBe(false);
    expect(second.nextCursor).toBeNull();
    expect((await list(h, id, 'page=3')).items).toEqual([]);
  });

  it('serves at most 50 per page and refuses nonsense paging with 400', async () => {
    const id = await recordWith(1);
    expect((await list(h, id, 'limit=500')).items).toHaveLength(1);
    for (const query of ['limit=0', 'page=0', 'page=abc', 'limit=-1', 'foo=1']) {
      const res = await h.app.inject({ method: 'GET', url: url(id, query) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('caps the page size at 50', async () => {
    const id = (await createRecord(h, admin)).id;
    const values = Array.from(
      { length: 55 },
      (_, i) => `('${newId()}', '${id}', '${maria.id}', 't${i}', now() - interval '${i} seconds')`,
    );
    await h.app.ctx.database.sql.exec(
      `insert into comentarios (id, sepultado_id, user_id, texto, created_at) values ${values.join(',')}`,
    );
    const page = await list(h, id, 'limit=500');
    expect(page.items).toHaveLength(50);
    expect(page.hasMore).toBe(true);
    expect(page.total).toBe(55);
  });

  it('keyset paging with `before` skips and repeats nothing while tributes arrive', async () => {
    const id = await recordWith(7);
    const seen: string[] = [];
    let page = await list(h, id, 'limit=3');
    seen.push(...texts(page.items));
    while (page.hasMore && page.nextCursor) {
      h.limiter.clear();
      await tribute(h, maria, id, `novo-${seen.length}`);
      page = await list(h, id, `limit=3&before=${encodeURIComponent(page.nextCursor)}`);
      seen.push(...texts(page.items));
    }
    expect(seen).toEqual(['7', '6', '5', '4', '3', '2', '1']);
  });

  it('the client can build `before` itself from createdAt and _id', async () => {
    const id = await recordWith(4);
    const first = await list(h, id, 'limit=2');
    const last = first.items.at(-1);
    if (!last) throw new Error('empty page');
    const next = await list(h, id, `limit=2&before=${last.createdAt}_${last._id}`);
    expect(texts(next.items)).toEqual(['2', '1']);
  });

  it('page numbers with `anchor` skip and repeat nothing while tributes arrive', async () => {
    const id = await recordWith(7);
    const first = await list(h, id, 'limit=3');
    const anchor = first.anchor;
    if (!anchor) throw new Error('no anchor');
    const seen = texts(first.items);
    for (let page = 2; page <= 3; page += 1) {
      h.limiter.clear();
      await tribute(h, maria, id, `novo-${page}`);
      const next = await list(h, id, `limit=3&page=${page}&anchor=${anchor}`);
      expect(next.anchor).toBe(anchor);
      seen.push(...texts(next.items));
      expect(next.hasMore).toBe(page < 3);
    }
    expect(seen).toEqual(['7', '6', '5', '4', '3', '2', '1']);
    // Without the anchor, page 2 has shifted by the two new tributes.
    expect(texts((await list(h, id, 'limit=3&page=2')).items)).toEqual(['6', '5', '4']);
    expect((await list(h, id, `limit=3&anchor=${anchor}`)).total).toBe(9);
  });

  it('several tributes in one millisecond still page in one total order', async () => {
    const id = (await createRecord(h, admin)).id;
    const ids = Array.from({ length: 5 }, () => newId()).sort();
    const at = '2025-05-01T12:00:00.123Z';
    for (const [i, cid] of ids.entries()) {
      await h.app.ctx.database.sql.query(
        `insert into comentarios (id, sepultado_id, user_id, texto, created_at) values ($1, $2, $3, $4, $5)`,
        [cid, id, maria.id, `t${i}`, at],
      );
    }
    const a = await list(h, id, 'limit=2');
    const b = await list(h, id, `limit=2&before=${encodeURIComponent(a.nextCursor ?? '')}`);
    const c = await list(h, id, `limit=2&before=${encodeURIComponent(b.nextCursor ?? '')}`);
    expect([...texts(a.items), ...texts(b.items), ...texts(c.items)]).toEqual([
      't4',
      't3',
      't2',
      't1',
      't0',
    ]);
    expect(a.items[0]?.createdAt).toBe(at);
  });

  it('refuses a malformed cursor or anchor, and page > 1 with a cursor, with 400', async () => {
    const id = await recordWith(2);
    const bad: [string, string][] = [
      ['before=ontem', 'before'],
      [`before=2025-02-30T10:00:00.000Z_${newId()}`, 'before'],
      ['anchor=xyz', 'anchor'],
      [`anchor=${newId()}`, 'anchor'],
      [`page=2&before=2025-01-01T00:00:00.000Z_${newId()}`, 'before'],
    ];
    for (const [query, field] of bad) {
      const res = await h.app.inject({ method: 'GET', url: url(id, query) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
    const res = await h.app.inject({ method: 'GET', url: url(id, 'anchor=xyz') });
    expect(res.json().message).toBe(TRIBUTE_MSG.anchorInvalid);
  });

  it('answers 404 for an unknown, malformed or deleted record', async () => {
    const gone = await createRecord(h, admin);
    await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${gone.id}`,
      headers: auth(admin),
    });
    for (const id of [newId(), 'qualquer-coisa', gone.id]) {
      const res = await h.app.inject({ method: 'GET', url: url(id) });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: SEP_MSG.notFound });
    }
  });

  it('is public, empty for a record without tributes, and ignores no token', async () => {
    const id = (await createRecord(h, admin)).id;
    expect(await list(h, id)).toEqual({
      items: [],
      hasMore: false,
      total: 0,
      nextCursor: null,
      anchor: null,
    });
  });

  it('shows the author with avatar, "Anônimo" without one, "Usuário removido" after deletion', async () => {
    const id = (await createRecord(h, admin)).id;
    const joao = await actor(h, 'usuario', 'João Batista');
    await h.app.ctx.database.sql.query(`update users set image = $1 where id = $2`, [
      `${'a'.repeat(32)}.webp`,
      joao.id,
    ]);
    await h.app.ctx.database.sql.query(
      `insert into comentarios (id, sepultado_id, user_id, texto, created_at)
       values ($1, $2, null, 'Importado do livro', now() - interval '1 day')`,
      [newId(), id],
    );
    await tribute(h, joao, id, 'Do João');
    await tribute(h, maria, id, 'Da Maria');

    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/users/${maria.id}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);

    const { items } = await list(h, id);
    expect(items.map((i) => [i.texto, i.autor, i.user, i.autorImage])).toEqual([
      ['Da Maria', 'Usuário removido', null, null],
      ['Do João', 'João Batista', joao.id, `${'a'.repeat(32)}.webp`],
      ['Importado do livro', 'Anônimo', null, null],
    ]);
    maria = await actor(h, 'usuario', 'Maria das Dores');
  });
});
