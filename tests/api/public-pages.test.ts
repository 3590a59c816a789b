import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEP_MSG } from '../../src/domain/burial-messages';
import type { BurialRecord } from '../../src/domain/burial-types';
import { PUBLIC_DATA_ID } from '../../src/domain/public-page';
import { resultCountText, SEARCH_MSG } from '../../src/domain/search-query';
import { type Actor, actor, auth, createRecord, createWithPhotos } from './burials-helpers';
import { engines, type Harness } from './helpers';
import { jpeg } from './image-fixtures';
import { publicData, SHELL, startRenderingApp } from './rendering-app';

describe.each(engines)('public pages rendered by the server ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let record: BurialRecord;
  let withPhoto: BurialRecord;

  beforeAll(async () => {
    h = await startRenderingApp(engine);
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario', 'Clarice Concessionária Reservada');
    record = await createRecord(h, admin, {
      nome: 'Benedita Aparecida Rocha',
      epitafio: 'Para sempre em nossos corações',
      rua: '7',
      quadra: '12',
      chapa: '0345',
    });
    const assigned = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${record.id}/atribuir/${conc.id}`,
      headers: auth(admin),
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    withPhoto = await createWithPhotos(h, admin, [await jpeg()], { nome: 'Olavo Bilac Neto' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });

  it('renders the record: name, dates, rua/quadra/placa, epitaph, the way there, its title', async () => {
    const res = await page(`/sepultados/${record.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('<title>Benedita Aparecida Rocha — Memorial</title>');
    expect(html).toContain('<h1>Benedita Aparecida Rocha</h1>');
    expect(html).toContain('12/03/1941');
    expect(html).toContain('05/07/2023');
    expect(html).toContain('Para sempre em nossos corações');
    expect(html).toContain('Rua 7 → Quadra 12 → Placa 0345');
    // The page reads without JavaScript: no "turn JavaScript on" over it.
    expect(html).not.toContain('Ative o JavaScript');
    const data = publicData(html);
    expect(data.kind).toBe('record');
    expect(data.kind === 'record' && data.record.id).toBe(record.id);
  });

  it('renders the first photo with its srcset', async () => {
    const html = (await page(`/sepultados/${withPhoto.id}`)).body;
    const file = withPhoto.images[0] ?? '';
    expect(file).not.toBe('');
    const img = /<img [^>]*class="burial-carousel-photo"[^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toContain(`src="/api/images/sepultados/${file}"`);
    expect(img).toMatch(/srcSet="[^"]*-t\.webp 320w, [^"]*-m\.webp 800w, [^"]* 1600w"/);
  });

  it('is the visitor’s page whoever asks: nothing private, not even for the admin', async () => {
    for (const who of [null, admin, conc]) {
      const res = await page(`/sepultados/${record.id}`, {
        ...auth(who),
        cookie: `token=${who?.token ?? 'x'}`,
      });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      // The API gives the admin the assignees; the page carries none of them.
      expect(html).not.toContain(conc.id);
      expect(html).not.toContain('Clarice');
      // Every e-mail of these tests is at exemplo.com.br.
      expect(html).not.toMatch(/@exemplo\.com\.br/);
      // No CPF nor phone (eleven digits).
      expect(html).not.toMatch(/\b\d{11}\b/);
      expect(html).not.toContain('"concessionarios');
      // The visitor's navbar, not the admin's.
      expect(html).toContain('>Entrar</a>');
      expect(html).not.toContain('Sair');
    }
    // The API itself does give the admin the assignee: the page leaves out what it has.
    const api = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${record.id}`,
      headers: auth(admin),
    });
    expect(JSON.stringify(api.json())).toContain(conc.id);
  });

  it('an unknown or malformed id answers 404 with the spec’s words', async () => {
    for (const id of ['f'.repeat(24), 'nao-existe']) {
      const res = await page(`/sepultados/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(`<h1>${SEP_MSG.notFound}</h1>`);
      expect(publicData(res.body)).toEqual({
        kind: 'recordNotFound',
        id,
        message: SEP_MSG.notFound,
      });
    }
  });

  it('renders the results page: the count, the cards with the matched words marked, the answer', async () => {
    const res = await page('/sepultados/pesquisa?q=benedita');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<title>Resultados: benedita — Memorial</title>');
    expect(html).toContain(resultCountText(1));
    expect(html).toContain('<mark>Benedita</mark><span> Aparecida Rocha</span>');
    expect(html).toContain(`href="/sepultados/${record.id}"`);
    const data = publicData(html);
    expect(data.kind === 'search' && data.answer?.sepultados.map((c) => c.id)).toEqual([record.id]);
  });

  it('the results page without a term, or with one the rules refuse, says so without searching', async () => {
    const blank = await page('/sepultados/pesquisa');
    expect(blank.statusCode).toBe(200);
    expect(blank.body).toContain(SEARCH_MSG.noTerm);
    const long = await page(`/sepultados/pesquisa?q=${'a'.repeat(150)}`);
    expect(long.statusCode).toBe(200);
    expect(long.body).toContain(SEARCH_MSG.tooLong);
    for (const res of [blank, long]) {
      const data = publicData(res.body);
      expect(data.kind === 'search' && data.answer).toBeNull();
    }
    // A cemetery id the API refuses: the shell, whose own request gets the API's 400.
    const odd = await page('/sepultados/pesquisa?q=maria&cemiterio=xyz');
    expect(odd.body).not.toContain(PUBLIC_DATA_ID);
  });

  it('?ssr=0 answers the shell: the page as the browser renders it alone', async () => {
    for (const url of [`/sepultados/${record.id}?ssr=0`, '/sepultados/pesquisa?q=benedita&ssr=0']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body.replace(/\s+/g, ' '), url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain(PUBLIC_DATA_ID);
    }
  });

  it('a busy server answers the shell, not a render: the page takes a slot of the API’s lane', async () => {
    const { admission, config } = h.app.ctx;
    admission.setLimit('public', -1);
    try {
      const res = await page(`/sepultados/${record.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(SHELL);
      const results = await page('/sepultados/pesquisa?q=benedita');
      expect(results.body).toBe(SHELL);
    } finally {
      admission.setLimit('public', config.maxConcurrent);
    }
    expect((await page(`/sepultados/${record.id}`)).body).toContain('Benedita Aparecida Rocha');
    expect(admission.current('public')).toBe(0);
  });

  it('the other pages under /sepultados are the shell', async () => {
    for (const url of ['/sepultados/meumemorial', '/sepultados/add', '/sepultados/etiquetas']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body.replace(/\s+/g, ' ')).toContain('<div id="root"></div>');
      expect(res.body).not.toContain(PUBLIC_DATA_ID);
    }
  });

  it('a page read again after an edit shows the edit (rendered pages are never kept stale)', async () => {
    const rec = await createRecord(h, admin, { nome: 'Otília Antes da Correção' });
    const before = await page(`/sepultados/${rec.id}`);
    expect(before.body).toContain('<h1>Otília Antes da Correção</h1>');
    expect((await page(`/sepultados/${rec.id}`)).body).toBe(before.body);
    const edited = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
      payload: { nome: 'Otília Depois da Correção', version: rec.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await page(`/sepultados/${rec.id}`);
    expect(after.body).toContain('<h1>Otília Depois da Correção</h1>');
    expect(after.body).not.toContain('Antes da Correção');
  });

  it('a name cannot break out of the JSON script', async () => {
    const odd = await createRecord(h, admin, { nome: 'Ana </script><script>alert(1)</script>' });
    const html = (await page(`/sepultados/${odd.id}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    const data = publicData(html);
    expect(data.kind === 'record' && data.record.nome).toBe(odd.nome);
  });
});
