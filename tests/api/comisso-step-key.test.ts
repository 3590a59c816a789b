/**
 * An inspection sent by the phone's outbox (POST /api/comisso/:id/etapas with its item id as
 * Idempotency-Key) applies once: a re-send after a lost answer, or two at once, leave one step
 * and its photos stored once, and answer the same case; the key with another step is the one
 * 422 of the queued writes; keys are per author; the device's time is kept as sent the first
 * time; roles come before the key. A key re-sent after the case closed still answers its
 * step; a new one is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMISSO_MSG } from '../../src/domain/comisso-rules';
import type { ComissoCase } from '../../src/domain/comisso-types';
import { ORDER_MSG } from '../../src/domain/work-order-rules';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  multipartBody,
  photo,
  storedFiles,
} from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';

const yesterday = () => {
  const d = new Date(Date.now() - 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

describe.each(engines)('comisso step with an Idempotency-Key ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let stranger: Actor;
  let n = 0;
  let images: Buffer[];
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario', 'Fiscal de Campo');
    stranger = await actor(h, 'concessionario', 'Fiscal de Outra Quadra');
    images = [await jpeg(640, 480), await jpeg(320, 320, 90)];
  });
  afterAll(async () => {
    await h?.close();
  });

  /** An open case on a grave whose record is assigned to `conc`. */
  async function openCase(): Promise<string> {
    n += 1;
    const r = await createRecord(h, admin, {
      nome: `Chave ${n}`,
      cemiterio: 'Chaves',
      chapa: `${n}`,
    });
    const assigned = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${r.id}/atribuir/${conc.id}`,
      headers: auth(admin),
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const opened = await h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${r.sepulturaId}/comisso`,
      headers: auth(admin),
      payload: {},
    });
    expect(opened.statusCode, opened.body).toBe(201);
    return opened.json().id as string;
  }

  async function inspect(
    caseId: string,
    key: string,
    nota = 'Mato alto.',
    who = conc,
    madeAt?: string,
  ) {
    const form = await multipartBody(
      { tipo: 'vistoria', data: yesterday(), nota },
      images.map((data, i) => ({ ...photo(data, `f${i}.jpg`), field: 'fotos' })),
    );
    return h.app.inject({
      method: 'POST',
      url: `/api/comisso/${caseId}/etapas`,
      headers: {
        ...auth(who),
        ...form.headers,
        'idempotency-key': key,
        ...(madeAt ? { 'x-feito-em': madeAt } : {}),
      },
      payload: form.payload,
    });
  }

  it('a re-send after a lost answer: one step, its photos stored once, the same answer', async () => {
    const caseId = await openCase();
    const before = storedFiles(h, 'comisso').length;
    const madeAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const first = await inspect(caseId, 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Mato alto.', conc, madeAt);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const afterFirst = storedFiles(h, 'comisso').length;
    expect(afterFirst).toBeGreaterThan(before);
    // Sent again an hour later (the outbox's header says when the person made it).
    const later = new Date(Date.now() - 3_600_000).toISOString();
    const again = await inspect(caseId, 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Mato alto.', conc, later);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const k = again.json() as ComissoCase;
    expect(k.etapas).toHaveLength(1);
    expect(k.etapas[0]).toMatchObject({
      tipo: 'vistoria',
      nota: 'Mato alto.',
      feitoPor: conc.name,
    });
    expect(k.etapas[0]?.feitoEm).toBe(madeAt);
    expect(k.etapas[0]?.fotos).toHaveLength(2);
    expect(storedFiles(h, 'comisso')).toHaveLength(afterFirst);
  });

  it('two sends of one key at once make one step', async () => {
    const caseId = await openCase();
    const before = storedFiles(h, 'comisso').length;
    const [a, b] = await Promise.all([
      inspect(caseId, 'bbbbbbbbbbbbbbbbbbbbbbb2'),
      inspect(caseId, 'bbbbbbbbbbbbbbbbbbbbbbb2'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect((b.json() as ComissoCase).etapas).toHaveLength(1);
    // Two photos, each with its thumbnail, whoever of the two stored them.
    const made = storedFiles(h, 'comisso').length - before;
    const single = await inspect(await openCase(), 'bbbbbbbbbbbbbbbbbbbbbbb3');
    expect(single.statusCode).toBe(201);
    expect(storedFiles(h, 'comisso').length - before - made).toBe(made);
  });

  it('two processes with one key (no shared lock): the key’s constraint lets one step in', async () => {
    const caseId = await openCase();
    const before = storedFiles(h, 'comisso').length;
    const once = await inspect(await openCase(), 'eeeeeeeeeeeeeeeeeeeeeee5');
    const single = storedFiles(h, 'comisso').length - before;
    // Another instance has its own in-process lock: here, as if each request came to one.
    const lock = h.app.ctx.keyLock;
    h.app.ctx.keyLock = { run: (_key, fn) => fn() } as typeof lock;
    try {
      const [a, b] = await Promise.all([
        inspect(caseId, 'eeeeeeeeeeeeeeeeeeeeeee6'),
        inspect(caseId, 'eeeeeeeeeeeeeeeeeeeeeee6'),
      ]);
      expect([once.statusCode, a.statusCode, b.statusCode]).toEqual([201, 201, 201]);
      expect((b.json() as ComissoCase).etapas).toHaveLength(1);
      expect(a.json()).toEqual(b.json());
      // The loser's photos were re-encoded and stored, then removed with its rollback.
      expect(storedFiles(h, 'comisso').length - before).toBe(2 * single);
    } finally {
      h.app.ctx.keyLock = lock;
    }
  });

  it('the key with another step is a 422; keys are per author; a closed case keeps its answer', async () => {
    const caseId = await openCase();
    const key = 'ccccccccccccccccccccccc3';
    expect((await inspect(caseId, key)).statusCode).toBe(201);
    const other = await inspect(caseId, key, 'Outra nota.');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: ORDER_MSG.keyReused, field: 'idempotencyKey' });
    const elsewhere = await inspect(await openCase(), key);
    expect(elsewhere.statusCode).toBe(422);
    // Roles are checked before the key: a concessionário not assigned to the grave is refused
    // and nothing is kept under the key.
    const refused = await inspect(caseId, key, 'Mato alto.', stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMISSO_MSG.inspectForbidden);
    // The office's own inspection under the same key is another author's: its own step.
    const office = await inspect(caseId, key, 'Mato alto.', admin);
    expect(office.statusCode, office.body).toBe(201);
    expect((office.json() as ComissoCase).etapas).toHaveLength(2);
    const closed = await h.app.inject({
      method: 'POST',
      url: `/api/comisso/${caseId}/decisao`,
      headers: auth(admin),
      payload: { decisao: 'encerrado', data: yesterday() },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const replay = await inspect(caseId, key);
    expect(replay.statusCode).toBe(201);
    expect((replay.json() as ComissoCase).situacao).toBe('encerrado');
    const late = await inspect(caseId, 'ddddddddddddddddddddddd4');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(COMISSO_MSG.notOpen);
  });
});
