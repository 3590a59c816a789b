/**
 * The crew's field work through the outbox: every kind sent exactly once (its id the
 * Idempotency-Key), in the order it was done, surviving a browser restart (photos as Blobs);
 * an order the office cancelled, moved or deleted meanwhile keeps the work on the device with
 * the plain words of why, and the day's list travels with its ETag.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorialDb } from '../../src/data/db';
import {
  drainOutbox,
  NO_ANSWER,
  type OutboxTransport,
  type SendResult,
} from '../../src/data/outbox/outbox-drain';
import { interpret, orderRequest } from '../../src/data/outbox/outbox-http';
import { memoryLock } from '../../src/data/outbox/outbox-lock';
import { enqueueOrderWork } from '../../src/data/work-orders/order-queue';
import { keepOrder, storeOrder } from '../../src/data/work-orders/order-store';
import { readDay, syncToday } from '../../src/data/work-orders/today-sync';
import { newId } from '../../src/domain/ids';
import {
  ORDER_OUTBOX_MSG,
  orderRefusalText,
  type PhotoPayload,
} from '../../src/domain/order-outbox';
import { orderOverlay } from '../../src/domain/order-overlay';
import type { OrderOutboxItem, OutboxItem } from '../../src/domain/outbox-item';
import { ORDER_MSG } from '../../src/domain/work-order-rules';
import type { Order } from '../../src/domain/work-order-types';

const USER = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const SESSION = async () => ({ token: 't', userId: USER });

function order(over: Partial<Order> = {}): Order {
  const id = over.id ?? newId();
  return {
    _id: id,
    id,
    tipo: 'exumacao',
    tipoNome: 'Exumação',
    situacao: 'aberta',
    agendadaPara: '2026-11-28T10:00',
    lugar: {
      sepulturaId: newId(),
      cemiterioId: newId(),
      cemiterio: 'Vila Formosa',
      rua: '3',
      quadra: '12',
      numero: '458',
      latitude: null,
      longitude: null,
    },
    sepultadoId: newId(),
    sepultadoNome: 'Maria da Silva',
    descricao: null,
    observacoes: null,
    responsaveis: [{ id: USER, nome: 'João' }],
    marcos: [
      {
        id: newId(),
        nome: 'Abertura',
        previstoPara: '2026-11-28T10:00',
        feitoEm: null,
        feitoPorNome: null,
      },
      {
        id: newId(),
        nome: 'Retirada',
        previstoPara: '2026-11-28T11:00',
        feitoEm: null,
        feitoPorNome: null,
      },
    ],
    comentarios: [],
    fotos: [],
    destino: null,
    motivoCancelamento: null,
    concluidaEm: null,
    pedidoId: null,
    version: 1,
    createdAt: '2026-11-27T12:00:00.000Z',
    updatedAt: '2026-11-27T12:00:00.000Z',
    ...over,
  };
}

let db: MemorialDb;
let name: string;
beforeEach(async () => {
  name = `orders-${newId()}`;
  db = new MemorialDb(name);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** A day of field work on one order: two ticks, a comment, a photo, the conclusion. */
async function queueDay(o: Order, t0 = 1_000) {
  const [m1, m2] = o.marcos as [Order['marcos'][0], Order['marcos'][0]];
  const base = { userId: USER, order: o };
  const at = new Date(t0).toISOString();
  await enqueueOrderWork(
    db,
    {
      ...base,
      id: newId(),
      kind: 'order-tick',
      payload: { marcoId: m1.id, marcoNome: m1.nome, feitoEm: at },
    },
    t0,
  );
  await enqueueOrderWork(
    db,
    {
      ...base,
      id: newId(),
      kind: 'order-photo',
      payload: {
        blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }),
        name: 'foto.jpg',
        tiradaEm: at,
        latitude: -23.5,
        longitude: -46.6,
      },
    },
    t0 + 1,
  );
  await enqueueOrderWork(
    db,
    {
      ...base,
      id: newId(),
      kind: 'order-tick',
      payload: { marcoId: m2.id, marcoNome: m2.nome, feitoEm: at },
    },
    t0 + 2,
  );
  await enqueueOrderWork(
    db,
    {
      ...base,
      id: newId(),
      kind: 'order-comment',
      payload: { texto: 'Restos entregues', feitoEm: at },
    },
    t0 + 3,
  );
  await enqueueOrderWork(
    db,
    {
      ...base,
      id: newId(),
      kind: 'order-conclude',
      payload: {
        destino: { tipo: 'cremacao', descricao: 'Crematório Vila Alpina' },
        observacoes: null,
        feitoEm: at,
      },
    },
    t0 + 4,
  );
}

/** A server with the API's idempotency rule; some answers are lost after applying. */
function fakeServer(loseEvery = 3) {
  const applied = new Map<string, number>();
  const order: string[] = [];
  let calls = 0;
  const transport: OutboxTransport = {
    async send(item: OutboxItem): Promise<SendResult> {
      calls += 1;
      if (!applied.has(item.id)) {
        applied.set(item.id, 1);
        order.push(item.kind);
      }
      if (calls % loseEvery === 0) return NO_ANSWER;
      return { type: 'ok', result: null };
    },
  };
  return { transport, applied, order };
}

async function drainUntilEmpty(transport: OutboxTransport) {
  let clock = 10_000;
  for (let round = 0; round < 50; round++) {
    await drainOutbox({
      db,
      transport,
      lock: memoryLock(true),
      session: SESSION,
      now: () => clock,
    });
    const left = await db.outbox.where('state').anyOf('pending', 'sending').count();
    if (left === 0) return;
    clock += 10 * 60_000;
  }
  throw new Error('outbox never emptied');
}

describe('field work on an order through the outbox', () => {
  it('sends every kind exactly once, in the order it was done, through lost answers', async () => {
    const o = order();
    await queueDay(o);
    const server = fakeServer();
    await drainUntilEmpty(server.transport);
    expect(server.applied.size).toBe(5);
    expect([...server.applied.values()].every((n) => n === 1)).toBe(true);
    expect(server.order).toEqual([
      'order-tick',
      'order-photo',
      'order-tick',
      'order-comment',
      'order-conclude',
    ]);
    expect((await db.outbox.toArray()).every((i) => i.state === 'sent')).toBe(true);
  });

  it('survives a browser restart: the queue and the photo bytes are still there', async () => {
    const o = order();
    await queueDay(o);
    db.close();
    const reopened = new MemorialDb(name);
    await reopened.open();
    const items = (await reopened.outbox
      .where('ordemId')
      .equals(o.id)
      .toArray()) as OrderOutboxItem[];
    expect(items).toHaveLength(5);
    const photo = items.find((i) => i.kind === 'order-photo');
    expect(photo?.kind).toBe('order-photo');
    if (photo?.kind !== 'order-photo') throw new Error('no photo');
    expect(photo.payload.blob.size).toBe(3);
    expect([...new Uint8Array(await photo.payload.blob.arrayBuffer())]).toEqual([1, 2, 3]);
    reopened.close();
    db = new MemorialDb(name);
    await db.open();
  });

  it('a 409 because the office cancelled: the work stays, needing the person, with plain words', async () => {
    const o = order();
    await storeOrder(db, o, USER);
    await queueDay(o);
    const cancelled = order({
      ...o,
      situacao: 'cancelada',
      motivoCancelamento: 'Família desistiu',
      version: 3,
    });
    const transport: OutboxTransport = {
      send: (item) =>
        interpret(
          item,
          new Response(JSON.stringify({ message: ORDER_MSG.cancelled, atual: cancelled }), {
            status: 409,
          }),
        ),
    };
    await drainOutbox({
      db,
      transport,
      lock: memoryLock(true),
      session: SESSION,
      onRefused: async (item, outcome) => {
        if (outcome.kind === 'refused') await keepOrder(db, outcome.body.atual, item.userId);
      },
    });
    const items = await db.outbox.where('ordemId').equals(o.id).toArray();
    expect(items).toHaveLength(5);
    expect(items.every((i) => i.state === 'attention')).toBe(true);
    expect(items.every((i) => i.reason === ORDER_MSG.cancelled)).toBe(true);
    expect(items.every((i) => i.problem?.kind === 'refused' && i.problem.status === 409)).toBe(
      true,
    );
    // The device now shows the order as the office left it.
    expect((await db.ordens.get(o.id))?.situacao).toBe('cancelada');
    const view = orderOverlay(cancelled, items as OrderOutboxItem[]);
    expect(view.attention).toHaveLength(5);
    expect(view.marcos.every((m) => m.feitoEm !== null)).toBe(true);
  });

  it('a 409 because the office moved the order says for when; a 404 that it is gone', async () => {
    const o = order();
    await queueDay(o);
    const moved = order({ ...o, agendadaPara: '2026-11-30T14:00', version: 2 });
    let status = 409;
    const transport: OutboxTransport = {
      send: (item) =>
        interpret(
          item,
          new Response(
            JSON.stringify({
              message: ORDER_MSG.closed,
              atual: status === 409 ? moved : undefined,
            }),
            { status },
          ),
        ),
    };
    await drainOutbox({ db, transport, lock: memoryLock(true), session: SESSION });
    const first = (await db.outbox.orderBy('createdAt').first()) as OrderOutboxItem | undefined;
    // Kept, needing the person, with the server's words…
    expect(first?.state).toBe('attention');
    expect(first?.reason).toBe(ORDER_MSG.closed);
    // …which the order screen turns into plainer ones from the order as it is now.
    expect(orderRefusalText(409, moved, first ?? null, first?.reason)).toBe(
      `${ORDER_MSG.rescheduled} 30/11/2026 14:00. O que você fez continua guardado neste aparelho.`,
    );
    expect(orderRefusalText(409, o, first ?? null, first?.reason)).toBe(ORDER_MSG.closed);
    expect(
      orderRefusalText(409, { ...moved, situacao: 'cancelada' }, first ?? null, first?.reason),
    ).toBe(ORDER_MSG.cancelled);
    status = 404;
    await db.outbox.clear();
    await queueDay(o, 5_000);
    await drainOutbox({ db, transport, lock: memoryLock(true), session: SESSION });
    const all = await db.outbox.toArray();
    expect(all).toHaveLength(5);
    expect(all.every((i) => i.state === 'attention')).toBe(true);
    expect(orderRefusalText(404, null, null, 'x')).toBe(ORDER_OUTBOX_MSG.gone);
  });

  it('an accepted write stores the order the server answered, never an older version', async () => {
    const o = order({ version: 4 });
    await storeOrder(db, o, USER);
    const [item] = (await db.outbox.toArray()) as OrderOutboxItem[];
    expect(item).toBeUndefined();
    const queued = await enqueueOrderWork(db, {
      id: newId(),
      userId: USER,
      order: o,
      kind: 'order-comment',
      payload: { texto: 'a', feitoEm: 'x' },
    });
    await keepOrder(db, { ...o, version: 3, observacoes: 'velho' }, queued.userId);
    expect((await db.ordens.get(o.id))?.observacoes).toBeNull();
    await keepOrder(db, { ...o, version: 5, observacoes: 'novo' }, queued.userId);
    expect((await db.ordens.get(o.id))?.observacoes).toBe('novo');
  });

  it('builds each call of the order API when queued; the sender only sends it', async () => {
    const o = order();
    const work = { userId: USER, order: o };
    const tick = await enqueueOrderWork(db, {
      ...work,
      id: newId(),
      kind: 'order-tick',
      payload: { marcoId: 'm1', marcoNome: 'A', feitoEm: 'T' },
    });
    const tickReq = orderRequest(tick);
    expect(tickReq).toMatchObject({ path: `ordens/${o.id}/marcos/m1`, method: 'POST', json: true });
    expect(JSON.parse(tickReq.body as string)).toEqual({ feito: true, feitoEm: 'T' });
    const notes = await enqueueOrderWork(db, {
      ...work,
      id: newId(),
      kind: 'order-edit',
      payload: { observacoes: 'n', version: 2 },
    });
    expect(orderRequest(notes)).toMatchObject({ path: `ordens/${o.id}`, method: 'PATCH' });
    const conclude = await enqueueOrderWork(db, {
      ...work,
      id: newId(),
      kind: 'order-conclude',
      payload: { destino: null, observacoes: null, feitoEm: 'T' },
    });
    expect(orderRequest(conclude).path).toBe(`ordens/${o.id}/conclusao`);
    const photo = await enqueueOrderWork(db, {
      ...work,
      id: newId(),
      kind: 'order-photo',
      payload: {
        blob: new Blob(['x']),
        name: 'a.jpg',
        tiradaEm: 'T',
        latitude: null,
        longitude: null,
      },
    });
    const photoReq = orderRequest(photo);
    expect(photoReq.path).toBe(`ordens/${o.id}/fotos`);
    const form = photoReq.body as FormData;
    expect(form.get('tiradaEm')).toBe('T');
    expect(form.has('latitude')).toBe(false);
    expect(form.get('photo')).toBeInstanceOf(Blob);
    const placed = await enqueueOrderWork(db, {
      ...work,
      id: newId(),
      kind: 'order-photo',
      payload: { ...photo.payload, latitude: -23.5, longitude: -46.6 } as PhotoPayload,
    });
    expect((orderRequest(placed).body as FormData).get('latitude')).toBe('-23.5');
  });

  it('notes written twice offline join into one item', async () => {
    const o = order();
    const work = { userId: USER, order: o, kind: 'order-edit' as const };
    const a = await enqueueOrderWork(db, {
      ...work,
      id: newId(),
      payload: { observacoes: 'um', version: 1 },
    });
    const b = await enqueueOrderWork(db, {
      ...work,
      id: newId(),
      payload: { observacoes: 'dois', version: 1 },
    });
    expect(b.id).toBe(a.id);
    expect(await db.outbox.count()).toBe(1);
    expect(orderOverlay(o, [b]).observacoes).toBe('dois');
  });
});

describe('the day list on the device', () => {
  it('sends the stored ETag, keeps the day on 304, and keeps orders that still have work', async () => {
    const a = order();
    const b = order();
    const seen: (string | null)[] = [];
    let answer: { status: number; etag: string | null; body: unknown } = {
      status: 200,
      etag: '"d1"',
      body: { hoje: '2026-11-28', ordens: [a, b] },
    };
    const fetch = async (etag: string | null) => {
      seen.push(etag);
      return answer;
    };
    expect(await syncToday(db, { userId: USER, fetch })).toBe('updated');
    expect((await readDay(db, USER))?.ids).toEqual([a.id, b.id]);
    answer = { status: 304, etag: '"d1"', body: null };
    expect(await syncToday(db, { userId: USER, fetch })).toBe('unchanged');
    expect(seen).toEqual([null, '"d1"']);
    expect(await db.ordens.count()).toBe(2);
    // b is cancelled by the office while its work is still on the device: it stays.
    await enqueueOrderWork(db, {
      id: newId(),
      userId: USER,
      order: b,
      kind: 'order-comment',
      payload: { texto: 'x', feitoEm: 'x' },
    });
    answer = { status: 200, etag: '"d2"', body: { hoje: '2026-11-28', ordens: [] } };
    expect(await syncToday(db, { userId: USER, fetch })).toBe('updated');
    expect((await db.ordens.toArray()).map((o) => o.id)).toEqual([b.id]);
    // Without signal the stored day stays.
    expect(
      await syncToday(db, { userId: USER, fetch: () => Promise.reject(new TypeError('offline')) }),
    ).toBe('offline');
    expect((await readDay(db, USER))?.etag).toBe('"d2"');
  });

  it("a new day keeps the plans of its orders' cemeteries, only for graves with a position", async () => {
    const at = (o: Order, latitude: number | null): Order => ({
      ...o,
      lugar: { ...o.lugar, latitude, longitude: latitude === null ? null : -46.52 },
    });
    const mapped = at(order(), -23.56);
    const sameCemetery = at(order(), -23.57);
    sameCemetery.lugar.cemiterioId = mapped.lugar.cemiterioId;
    const noPosition = order();
    const kept: string[][] = [];
    const keepPlans = async (ids: string[]) => void kept.push(ids);
    let answer = {
      status: 200,
      etag: '"p1"',
      body: { hoje: '2026-11-28', ordens: [mapped, noPosition, sameCemetery] } as unknown,
    };
    const fetch = async () => answer;
    expect(await syncToday(db, { userId: USER, fetch, keepPlans })).toBe('updated');
    expect(kept.map((ids) => [...new Set(ids)])).toEqual([[mapped.lugar.cemiterioId]]);
    // A day with no grave on the map asks for no plan.
    answer = { status: 200, etag: '"p2"', body: { hoje: '2026-11-28', ordens: [noPosition] } };
    expect(await syncToday(db, { userId: USER, fetch, keepPlans })).toBe('updated');
    expect(kept).toHaveLength(1);
    // A failure to keep them is not the day's: the list is stored all the same.
    answer = { status: 200, etag: '"p3"', body: { hoje: '2026-11-28', ordens: [mapped] } };
    const failing = () => Promise.reject(new Error('sem espaço'));
    expect(await syncToday(db, { userId: USER, fetch, keepPlans: failing })).toBe('updated');
    expect((await readDay(db, USER))?.ids).toEqual([mapped.id]);
  });
});
