/**
 * What the outbox does with each class of outcome (src/domain/outcome.ts), through the real
 * HTTP interpretation of a Response: a server failure is retried and shown as one (never as a
 * lost signal), 429 waits for Retry-After, an ended session or a removed account wait for a
 * person, a refusal keeps the spec text of its call.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorialDb } from '../../src/data/db';
import { drainOutbox, type OutboxTransport } from '../../src/data/outbox/outbox-drain';
import { interpret } from '../../src/data/outbox/outbox-http';
import { memoryLock } from '../../src/data/outbox/outbox-lock';
import { enqueueEdit, enqueueTribute, wakeWaiting } from '../../src/data/outbox/outbox-queue';
import { newId } from '../../src/domain/ids';
import type { OutboxItem } from '../../src/domain/outbox-item';
import { AUTH_REASON, clockTime } from '../../src/domain/outcome';

const USER = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
let db: MemorialDb;

beforeEach(async () => {
  db = new MemorialDb(`outcomes-${newId()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A transport that answers with a real Response, read by the real interpret(). */
const answering = (make: () => Response): OutboxTransport => ({
  send: (item) => interpret(item, make(), NOW),
});

async function drainTribute(make: () => Response): Promise<OutboxItem | undefined> {
  const item = await enqueueTribute(
    db,
    { id: newId(), sepultadoId: 's1', userId: USER },
    { comentario: 'Saudades', emojis: [], photo: null, photoName: null },
    0,
  );
  await drainOutbox({
    db,
    lock: memoryLock(),
    session: async () => ({ token: 't', userId: USER }),
    transport: answering(make),
    now: () => NOW,
  });
  return db.outbox.get(item.id);
}

describe('outbox outcomes through real answers', () => {
  it('500: pending, marked as a server failure with the next try time, not woken by the signal', async () => {
    const stored = await drainTribute(() => json(500, { message: 'Erro interno.' }));
    expect(stored?.state).toBe('pending');
    expect(stored?.waitingFor).toBe('server-error');
    expect(stored?.reason).toBe(
      `O servidor falhou — nova tentativa às ${clockTime(stored?.nextAttemptAt ?? 0)}`,
    );
    expect(stored?.nextAttemptAt).toBeGreaterThan(NOW);
    const before = stored?.nextAttemptAt;
    await wakeWaiting(db, NOW);
    expect((await db.outbox.get(stored?.id ?? ''))?.nextAttemptAt).toBe(before);
  });

  it('429: pending until Retry-After, with the spec text', async () => {
    const stored = await drainTribute(() => json(429, {}, { 'retry-after': '600' }));
    expect(stored).toMatchObject({ state: 'pending', waitingFor: 'rate-limited' });
    expect(stored?.nextAttemptAt).toBe(NOW + 600_000);
    expect(stored?.reason).toBe(
      `Muitas homenagens em pouco tempo. Tente novamente em instantes. Nova tentativa às ${clockTime(NOW + 600_000)}.`,
    );
  });

  it('503 (busy): stays on the device until Retry-After, says so, not woken by the signal', async () => {
    const stored = await drainTribute(() =>
      json(503, { message: 'Servidor ocupado.' }, { 'retry-after': '120' }),
    );
    expect(stored).toMatchObject({ state: 'pending', waitingFor: 'busy' });
    expect(stored?.nextAttemptAt).toBe(NOW + 120_000);
    expect(stored?.reason).toBe(
      `Servidor ocupado — guardado no aparelho, nova tentativa às ${clockTime(NOW + 120_000)}.`,
    );
    await wakeWaiting(db, NOW);
    expect((await db.outbox.get(stored?.id ?? ''))?.nextAttemptAt).toBe(NOW + 120_000);
  });

  it('401: waits for a login, in the spec words', async () => {
    const stored = await drainTribute(() => json(401, { message: 'Sessão inválida.' }));
    expect(stored).toMatchObject({ state: 'attention', problem: { kind: 'login' } });
    expect(stored?.reason).toMatch(/^Sessão expirada: faça login novamente\./);
  });

  it('401 account-deleted: account gone, never "sessão expirou"', async () => {
    const stored = await drainTribute(() =>
      json(401, { message: 'Conta removida.', reason: AUTH_REASON.accountDeleted }),
    );
    expect(stored).toMatchObject({ state: 'attention', problem: { kind: 'account-gone' } });
    expect(stored?.reason).toMatch(/removida/);
    expect(stored?.reason).not.toMatch(/sess/i);
  });

  it('400 without a message: the call text, not "Erro 400."', async () => {
    const stored = await drainTribute(() => new Response('', { status: 400 }));
    expect(stored).toMatchObject({
      state: 'attention',
      reason: 'Erro ao adicionar comentário.',
      problem: { kind: 'refused', status: 400 },
    });
  });

  it('an edit refused with 403: the spec text of editing', async () => {
    const item = await enqueueEdit(
      db,
      { id: newId(), sepultadoId: 's1', userId: USER },
      { version: 1, fields: { chapa: '1' }, removeImages: [], photos: [], nome: 'Maria' },
      0,
    );
    await drainOutbox({
      db,
      lock: memoryLock(),
      session: async () => ({ token: 't', userId: USER }),
      transport: answering(() => json(403, { message: 'Proibido.' })),
      now: () => NOW,
    });
    expect((await db.outbox.get(item.id))?.reason).toBe('Sem permissão para editar este registro.');
  });

  it('no answer: plain pending, "Aguardando conexão" (no reason, no server mark)', async () => {
    const item = await enqueueTribute(
      db,
      { id: newId(), sepultadoId: 's1', userId: USER },
      { comentario: 'x', emojis: [], photo: null, photoName: null },
      0,
    );
    let stopped = '';
    await drainOutbox({
      db,
      lock: memoryLock(),
      session: async () => ({ token: 't', userId: USER }),
      transport: {
        send: async () => ({ type: 'failed', outcome: { kind: 'no-answer', cause: 'timeout' } }),
      },
      onStopped: (o) => {
        stopped = o.kind;
      },
      now: () => NOW,
    });
    const stored = await db.outbox.get(item.id);
    expect(stored).toMatchObject({ state: 'pending', reason: undefined, waitingFor: undefined });
    expect(stopped).toBe('no-answer');
  });
});
