/**
 * GET /api/sepultados/pesquisa through HTTP on a real database: the answer shapes, bad input,
 * tombstones, literal wildcards, limits. Ranking quality is search-relevance.test.ts.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MSG } from '../../src/domain/search-query';
import type { SearchAnswer, SearchSuggestionsAnswer } from '../../src/domain/search-types';
import { type Actor, actor, auth, multipartBody, sepultadoBody } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';
import { insertRecords } from './search-helpers';

describe.each(engines)('search API ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    await insertRecords(h, [
      {
        nome: 'Maria da Conceição',
        rua: 'Rua 3',
        quadra: '12',
        chapa: '0458',
        dtFal: '2020-01-01',
      },
      { nome: 'Maria Aparecida Silva', rua: 'Rua 3', quadra: '12', chapa: '1200', dtFal: null },
      { nome: 'Sil%va_ Cem Por Cento', rua: null, quadra: '1', chapa: '1', dtFal: '1999-09-09' },
      { nome: 'Benedita Flores', rua: 'Rua 9', quadra: 'ABC', chapa: '77', dtFal: '2001-01-01' },
      ...Array.from({ length: 60 }, (_, i) => ({
        nome: `Joaquim Pereira ${i}`,
        rua: 'Rua 9',
        quadra: '40',
        chapa: String(7000 + i),
        dtFal: `19${String(40 + (i % 50)).padStart(2, '0')}-05-05`,
      })),
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (query: string) =>
    h.app.inject({ method: 'GET', url: `/api/sepultados/pesquisa?${query}` });
  const search = async (q: string, extra = '') => {
    const res = await get(`q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchAnswer;
  };

  it('compresses a page of results in one piece when the client accepts it', async () => {
    const url = `/api/sepultados/pesquisa?q=${encodeURIComponent('joaquim pereira')}`;
    const plain = await h.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024); // above the plugin's default
    const gzip = await h.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // Compressed in one call (server/plugins/compression.ts), so its length is known: a
    // streamed answer would come without content-length.
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it.skipIf(engine.name !== 'postgres')(
    'prepares the exact pass only: the typo pass and the presence check are planned per call',
    async () => {
      expect((await search('Souza quadra 99')).total).toBe(0); // no quadra 99: presence check
      expect((await search('maria conceicoa')).total).toBe(1); // a typo: the typo pass
      // One search at a time: the prepared pool has used one session, this one.
      const statements = (
        await h.app.ctx.search.reads.prepared<{ statement: string }>(
          'SELECT statement FROM pg_prepared_statements',
        )
      ).map((r) => r.statement);
      expect(statements.some((s) => s.includes('WITH m AS'))).toBe(true);
      expect(statements.some((s) => s.includes('EXISTS'))).toBe(false);
      expect(statements.some((s) => s.includes('strict_word_similarity'))).toBe(false);
    },
  );

  it('answers cards and the total, public (no login)', async () => {
    const body = await search('maria conceicao');
    expect(body.total).toBe(1);
    expect(body.sepultados).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        id: body.sepultados[0]?._id,
        nome: 'Maria da Conceição',
        rua: 'Rua 3',
        quadra: '12',
        chapa: '0458',
        // Written without a cemetery name: the register's one cemetery (migration 0010).
        cemiterio: 'Cemitério municipal',
        dtFal: '2020-01-01',
        image: null,
        images: [],
        thumb: null,
      },
    ]);
  });

  it('refuses an empty, blank, missing or too long term with a pt-BR message', async () => {
    for (const query of ['q=', 'q=%20%20%20', '', `q=${'a'.repeat(101)}`]) {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: query.length > 100 ? SEARCH_MSG.tooLong : SEARCH_MSG.empty,
        field: 'q',
      });
    }
    const suggestions = await get('q=%20&suggestions=true');
    expect(suggestions.statusCode).toBe(400);
  });

  it('takes a limit from 1 to 50 and counts beyond it', async () => {
    const body = await search('joaquim', '&limit=7');
    expect(body.sepultados).toHaveLength(7);
    expect(body.total).toBe(60);
    expect((await search('joaquim')).sepultados).toHaveLength(50);
    for (const bad of ['0', '51', 'x', '2.5']) {
      const res = await get(`q=joaquim&limit=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'limit' });
    }
  });

  it('ranks ties by the most recent death, unknown dates last', async () => {
    const body = await search('rua 3');
    expect(body.sepultados.map((s) => s.nome)).toEqual([
      'Maria da Conceição',
      'Maria Aparecida Silva',
    ]);
    const dates = (await search('joaquim')).sepultados.map((s) => s.dtFal ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('matches a word only where the rules say, not wherever it appears', async () => {
    // "rua flores": the street must have it; a person named Flores elsewhere is no match.
    expect((await search('rua flores')).total).toBe(0);
    expect((await search('flores')).sepultados.map((s) => s.nome)).toEqual(['Benedita Flores']);
    // Quadra and plate words match whole: "ab" is not quadra "ABC".
    expect((await search('ab')).total).toBe(0);
    expect((await search('abc')).sepultados.map((s) => s.nome)).toEqual(['Benedita Flores']);
    expect((await search('quadra abc benedita')).total).toBe(1);
  });

  it('takes LIKE wildcards and backslashes literally', async () => {
    for (const q of ['%', '_', '%%', '\\', '%_%']) {
      expect(await search(q)).toEqual({ sepultados: [], total: 0 });
    }
    // "sil%va_" is the words "sil" and "va": never a pattern matching "Silva" through %.
    const names = (await search('sil%va_')).sepultados.map((s) => s.nome);
    expect(names).toEqual(['Sil%va_ Cem Por Cento']);
    // As a wildcard "j%m" would find Joaquim; here it is the words "j" and "m".
    expect((await search('j%m')).total).toBe(0);
  });

  it('answers up to 8 suggestions as { sepultado, total } of the short shape', async () => {
    const res = await get('q=joaq&suggestions=true');
    expect(res.statusCode).toBe(200);
    const answer = res.json() as SearchSuggestionsAnswer;
    expect(Object.keys(answer).sort()).toEqual(['sepultado', 'total']);
    const list = answer.sepultado;
    expect(list).toHaveLength(8);
    expect(answer.total).toBe(8);
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual([
        '_id',
        'cemiterio',
        'chapa',
        'id',
        'nome',
        'quadra',
        'rua',
      ]);
      expect(s.nome).toMatch(/^Joaquim Pereira/);
    }
    const none = await get('q=bartolomeu&suggestions=true');
    expect(none.json()).toEqual({ sepultado: [], total: 0 });
  });

  it('shows the first photo and hides deleted records', async () => {
    const { payload, headers } = await multipartBody(
      sepultadoBody({ nome: 'Teodoro Albuquerque Lins', dtFal: '01/02/2021' }),
      [{ name: 'a.jpg', type: 'image/jpeg', data: await jpeg(200, 150) }],
    );
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/sepultados/create',
      headers: { ...auth(admin), ...headers },
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().sepultado as { id: string };
    const [photo] = await h.app.ctx.database.sql.query<{ file: string; thumb: string }>(
      'SELECT file, thumb FROM sepultado_fotos WHERE sepultado_id = $1',
      [id],
    );
    const rec = { id, images: [photo?.file], thumbs: [photo?.thumb] };
    expect(photo?.file).toMatch(/\.webp$/);

    const found = await search('teodoro lins');
    expect(found.sepultados[0]).toMatchObject({
      id: rec.id,
      image: rec.images[0],
      images: [rec.images[0]],
      thumb: rec.thumbs[0],
      dtFal: '2021-02-01',
    });

    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);
    expect(await search('teodoro lins')).toEqual({ sepultados: [], total: 0 });
    expect((await get('q=teodoro&suggestions=true')).json()).toEqual({ sepultado: [], total: 0 });
    // Nor through a typo, which takes the other (fuzzy) statement.
    expect((await search('teodoro albuqerque')).total).toBe(0);
  });

  it('is not mistaken for a record id', async () => {
    const res = await get('q=maria');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('sepultados');
  });
});
