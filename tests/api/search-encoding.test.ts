/**
 * Search answers are sent as bytes made once per held answer (server/lib/encoded-json.ts): the
 * same JSON whatever the encoding, brotli for browsers, gzip when only that is accepted, plain
 * below the threshold or when nothing is, and never an encoding the client refused (q=0).
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../../server/lib/encoded-json';
import { actor, createRecord } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';

describe('pickEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('gzip;q=0')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe.each(engines)('search answers on the wire ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
    const admin = await actor(h, 'admin');
    for (let i = 0; i < 30; i += 1) {
      await createRecord(h, admin, {
        nome: `Deolinda Fagundes Prado ${i}`,
        chapa: String(100 + i),
      });
    }
    await createRecord(h, admin, { nome: 'Zuleica Bernardes Quintas', chapa: '999' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    h.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('the same answer in every encoding, the same bytes when held', async () => {
    const url = '/api/sepultados/pesquisa?q=deolinda';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers['content-type'])).toContain('application/json');
    const answer = plain.json() as { sepultados: { nome: string }[]; total: number };
    expect(answer.total).toBe(30);
    expect(answer.sepultados).toHaveLength(30);
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await get(url, 'gzip')).rawPayload.equals(gz.rawPayload)).toBe(true);

    expect((await get(url, 'gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('suggestions keep their shape in every encoding; a small answer goes plain', async () => {
    const url = '/api/sepultados/pesquisa?q=deolinda&suggestions=true';
    const plain = await get(url);
    const body = plain.json() as { sepultado: { nome: string }[]; total: number };
    expect(body.sepultado).toHaveLength(8);
    expect(body.total).toBe(8);
    const br = await get(url, 'br');
    const text =
      br.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(br.rawPayload).toString()
        : br.body;
    expect(text).toBe(plain.body);

    const one = await get('/api/sepultados/pesquisa?q=zuleica', 'br');
    expect(one.headers['content-encoding']).toBeUndefined();
    expect((one.json() as { total: number }).total).toBe(1);
  });
});
