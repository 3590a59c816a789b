import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/index';
import { RateLimiter } from '../../server/lib/rate-limiter';
import { TRIBUTE_RATE_LIMITS } from '../../server/modules/tributes/tributes-write';
import { newId } from '../../src/domain/ids';
import { TRIBUTE_MSG } from '../../src/domain/tribute-rules';
import type { TributeItem } from '../../src/domain/tribute-types';
import { type Actor, actor, auth, createRecord, photo, storedFiles } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';
import { countRows, post, postForm, url } from './tributes-helpers';

describe.each(engines)('idempotent posts and rate limits ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let maria: Actor;
  let joao: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
    maria = await actor(h, 'usuario', 'Maria das Dores');
    joao = await actor(h, 'usuario', 'João Batista');
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  const freshRecord = async () => (await createRecord(h, admin)).id;

  it('same Idempotency-Key twice → one tribute, the first answer again (201, same body)', async () => {
    const id = await freshRecord();
    const key = 'outbox-7f3a1c2e-0001';
    const first = await post(h, maria, id, { comentario: 'Saudades' }, { 'idempotency-key': key });
    const again = await post(h, maria, id, { comentario: 'Saudades' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countRows(h, id)).toBe(1);
  });

  it('a clientId becomes the tribute id and makes a retry answer the first result', async () => {
    const id = await freshRecord();
    const clientId = newId();
    const body = { comentario: 'Feito sem sinal', emojis: ['🕯️'], clientId };
    const first = await post(h, maria, id, body);
    expect(first.statusCode).toBe(201);
    expect((first.json() as TributeItem)._id).toBe(clientId);
    const again = await post(h, maria, id, body);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await countRows(h, id)).toBe(1);
  });

  it('two identical requests at the same time publish once and answer the same', async () => {
    const id = await freshRecord();
    const headers = { 'idempotency-key': 'concorrente-1' };
    const answers = await Promise.all([
      post(h, maria, id, { comentario: 'Ao mesmo tempo' }, headers),
      post(h, maria, id, { comentario: 'Ao mesmo tempo' }, headers),
      post(h, maria, id, { comentario: 'Ao mesmo tempo' }, headers),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await countRows(h, id)).toBe(1);
  });

  it('two identical photo posts at the same time keep one tribute and one photo', async () => {
    const id = await freshRecord();
    const before = storedFiles(h, 'comentarios').length;
    const image = await jpeg(800, 600);
    const clientId = newId();
    const answers = await Promise.all(
      [1, 2].map(() =>
        postForm(h, maria, id, { comentario: 'Com foto', clientId }, [photo(image)]),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[1]?.body).toBe(answers[0]?.body);
    expect(await countRows(h, id)).toBe(1);
    expect(storedFiles(h, 'comentarios').length).toBe(before + 2);
  });

  it('the unique constraint alone also stops a duplicate (another process, same key)', async () => {
    const id = await freshRecord();
    const first = await post(h, maria, id, { comentario: 'x' }, { 'idempotency-key': 'k-db' });
    expect(first.statusCode).toBe(201);
    await expect(
      h.app.ctx.database.sql.query(
        `insert into comentarios (id, sepultado_id, user_id, texto, idempotency_key)
         values ($1, $2, $3, 'y', 'k-db')`,
        [newId(), id, maria.id],
      ),
    ).rejects.toThrow();
  });

  it.runIf(engine.name === 'postgres')(
    'two server processes on one PostgreSQL publish a key once (constraint + replay)',
    async () => {
      const id = await freshRecord();
      const database = await openDatabase({
        databaseUrl: h.config.databaseUrl,
        pgliteDir: null,
        poolSize: 4,
      });
      const second = await buildApp({ config: h.config, database, limiter: new RateLimiter() });
      try {
        for (let round = 0; round < 5; round += 1) {
          const headers = { ...auth(maria), 'idempotency-key': `dois-processos-${round}` };
          const send = (app: typeof second) =>
            app.inject({ method: 'POST', url: url(id), headers, payload: { comentario: 'x' } });
          const answers = await Promise.all([send(h.app), send(second)]);
          expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
          expect(answers[1]?.body).toBe(answers[0]?.body);
        }
        expect(await countRows(h, id)).toBe(5);
      } finally {
        await second.close();
        await database.close();
      }
    },
  );

  it('the same key from two people makes two tributes', async () => {
    const id = await freshRecord();
    const headers = { 'idempotency-key': 'chave-comum' };
    expect((await post(h, maria, id, { comentario: 'a' }, headers)).statusCode).toBe(201);
    expect((await post(h, joao, id, { comentario: 'b' }, headers)).statusCode).toBe(201);
    expect(await countRows(h, id)).toBe(2);
  });

  it('a key reused on another record or with another text is a 422 (like an edit); replayed after removal, a 409', async () => {
    const a = await freshRecord();
    const b = await freshRecord();
    const headers = { 'idempotency-key': 'reuso-1' };
    const first = await post(h, maria, a, { comentario: 'a' }, headers);
    const other = await post(h, maria, b, { comentario: 'a' }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: TRIBUTE_MSG.keyReused, field: 'idempotencyKey' });
    for (const changed of [{ comentario: 'outro texto' }, { comentario: 'a', emojis: ['🌹'] }]) {
      const res = await post(h, maria, a, changed, headers);
      expect(res.statusCode, JSON.stringify(changed)).toBe(422);
      expect(res.json()).toEqual({ message: TRIBUTE_MSG.keyReused, field: 'idempotencyKey' });
    }
    const sameId = (first.json() as TributeItem).id;
    const byClientId = await post(h, maria, a, { comentario: 'de novo', clientId: sameId });
    expect(byClientId.statusCode).toBe(409);
    // The same content (whitespace the text rule removes aside) still replays.
    const again = await post(h, maria, a, { comentario: '  a  ' }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countRows(h, a)).toBe(1);
    const { id } = first.json() as TributeItem;
    const del = await h.app.inject({
      method: 'DELETE',
      url: `${url(a)}/${id}`,
      headers: auth(maria),
    });
    expect(del.statusCode).toBe(200);
    const late = await post(h, maria, a, { comentario: 'a' }, headers);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: TRIBUTE_MSG.gone });
    expect(await countRows(h, a, true)).toBe(0);
  });

  it("a clientId already used by someone else's tribute is a 409", async () => {
    const id = await freshRecord();
    const clientId = newId();
    expect((await post(h, maria, id, { comentario: 'a', clientId })).statusCode).toBe(201);
    const res = await post(h, joao, id, { comentario: 'b', clientId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: TRIBUTE_MSG.clientIdTaken, field: 'clientId' });
  });

  it('limits one person per minute with 429, the spec words and Retry-After', async () => {
    const id = await freshRecord();
    const { max } = TRIBUTE_RATE_LIMITS.userPerMinute;
    for (let i = 0; i < max; i += 1) {
      expect((await post(h, maria, id, { comentario: `mensagem ${i}` })).statusCode).toBe(201);
    }
    const res = await post(h, maria, id, { comentario: 'uma a mais' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: TRIBUTE_MSG.tooMany });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await countRows(h, id)).toBe(max);
    // Someone else is not held back by Maria's limit.
    expect((await post(h, joao, id, { comentario: 'oi' })).statusCode).toBe(201);
  });

  it('replays do not count against the limit', async () => {
    const id = await freshRecord();
    const { max } = TRIBUTE_RATE_LIMITS.userPerMinute;
    const headers = { 'idempotency-key': 'repetida' };
    for (let i = 0; i < max + 3; i += 1) {
      expect((await post(h, maria, id, { comentario: 'a' }, headers)).statusCode).toBe(201);
    }
    for (let i = 1; i < max; i += 1) {
      expect((await post(h, maria, id, { comentario: `b${i}` })).statusCode).toBe(201);
    }
    expect((await post(h, maria, id, { comentario: 'c' })).statusCode).toBe(429);
  });

  it('limits one IP address across accounts, more loosely', async () => {
    const id = await freshRecord();
    const { max } = TRIBUTE_RATE_LIMITS.ipPerMinute;
    const perUser = TRIBUTE_RATE_LIMITS.userPerMinute.max;
    const people = await Promise.all(
      Array.from({ length: Math.ceil(max / perUser) + 1 }, (_, i) => actor(h, 'usuario', `P${i}`)),
    );
    let sent = 0;
    for (const person of people) {
      for (let i = 0; i < perUser && sent < max; i += 1, sent += 1) {
        expect((await post(h, person, id, { comentario: `m${sent}` })).statusCode).toBe(201);
      }
    }
    const last = people.at(-1);
    if (!last) throw new Error('no people');
    const res = await post(h, last, id, { comentario: 'uma a mais' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
