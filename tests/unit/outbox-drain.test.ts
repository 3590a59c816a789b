/**
 * The outbox's promise: whatever order, duplication or interruption the queue is
 * replayed in, the server ends with exactly one of each item, and drains never overlap.
 * A fake server stands in for the API with the same idempotency rule (a key already applied
 * answers its first result) and the same version check for edits.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../server/modules/seed/seed-generator';
import { MemorialDb } from '../../src/data/db';
import {
  backoffMs,
  drainOutbox,
  NO_ANSWER,
  type OutboxTransport,
  type SendResult,
} from '../../src/data/outbox/outbox-drain';
import { memoryLock } from '../../src/data/outbox/outbox-lock';
import {
  discardItem,
  enqueueEdit,
  enqueueTribute,
  resolveConflict,
  resumeAfterLogin,
  wakeWaiting,
} from '../../src/data/outbox/outbox-queue';
import { newId } from '../../src/domain/ids';
import type { EditPayload, OutboxItem } from '../../src/domain/outbox-item';

/** Deterministic, so a failing seed can be replayed (the seed generator's mulberry32). */
const prng = seededRandom;

function shuffle<T>(list: T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const USER = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const SESSION = async () => ({ token: 't', userId: USER });

interface FakeServer extends OutboxTransport {
  /** How many times each key was applied (the property: all 1). */
  applied: Map<string, number>;
  inFlight: number;
  maxInFlight: number;
  sameItemOverlaps: number;
}

/**
 * Applies each key once; with probability `lose` the answer is lost after applying (the
 * interrupted case), with `fail` the request never arrives. Each send takes a little while, so
 * concurrent drains would overlap if the lock did not stop them.
 */
function fakeServer(random: () => number, lose = 0.2, fail = 0.2): FakeServer {
  const applied = new Map<string, number>();
  const sending = new Set<string>();
  const server: FakeServer = {
    applied,
    inFlight: 0,
    maxInFlight: 0,
    sameItemOverlaps: 0,
    async send(item: OutboxItem): Promise<SendResult> {
      if (sending.has(item.id)) server.sameItemOverlaps += 1;
      sending.add(item.id);
      server.inFlight += 1;
      server.maxInFlight = Math.max(server.maxInFlight, server.inFlight);
      try {
        await new Promise((r) => setTimeout(r, random() * 3));
        if (random() < fail) return NO_ANSWER;
        if (!applied.has(item.id)) applied.set(item.id, 1);
        if (random() < lose) return NO_ANSWER;
        return { type: 'ok', result: { _id: item.id, version: 2 } };
      } finally {
        server.inFlight -= 1;
        sending.delete(item.id);
      }
    },
  };
  return server;
}

let db: MemorialDb;
beforeEach(async () => {
  db = new MemorialDb(`outbox-${newId()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

function tribute(text: string) {
  return { comentario: text, emojis: ['🌹'], photo: null, photoName: null };
}

function edit(fields: EditPayload['fields'], version = 1): EditPayload {
  return { version, fields, removeImages: [], photos: [], nome: 'Maria' };
}

/** Drains until nothing is waiting, moving a fake clock past every backoff. */
async function drainAll(transport: OutboxTransport, drainers = 1, sharedLock = true) {
  let clock = 1_000_000;
  // Shared: the browser's Web Lock (so a claim found "sending" is a dead drain's, taken at once).
  const lock = memoryLock(true);
  for (let round = 0; round < 200; round++) {
    const runs = Array.from({ length: drainers }, () =>
      drainOutbox({
        db,
        transport,
        lock: sharedLock ? lock : memoryLock(),
        session: SESSION,
        now: () => clock,
      }),
    );
    await Promise.all(runs);
    const left = await db.outbox.where('state').anyOf('pending', 'sending').count();
    if (left === 0) return;
    clock += 10 * 60_000;
  }
  throw new Error(
    `outbox never emptied: ${JSON.stringify((await db.outbox.toArray()).map((i) => [i.state, i.nextAttemptAt, i.attempts]))} clock ${clock}`,
  );
}

describe('outbox replay properties', () => {
  it('shuffled, duplicated and interrupted replays apply each item exactly once', async () => {
    for (let seed = 1; seed <= 25; seed++) {
      const random = prng(seed);
      await db.outbox.clear();
      const ids = Array.from({ length: 12 }, () => newId());
      // Duplicated: every item queued once or twice (same id), in a shuffled order.
      const queued = shuffle([...ids, ...ids.filter(() => random() < 0.5)], random);
      for (const [i, id] of queued.entries()) {
        await enqueueTribute(
          db,
          { id, sepultadoId: `s${i % 3}`, userId: USER },
          tribute(`t ${id}`),
          1_000 + ids.indexOf(id),
        );
      }
      const server = fakeServer(random);
      await drainAll(server, 1 + Math.floor(random() * 3));
      expect([...server.applied.keys()].sort(), `seed ${seed}`).toEqual([...ids].sort());
      expect([...server.applied.values()].every((n) => n === 1)).toBe(true);
      expect(server.maxInFlight, `seed ${seed}: drains overlapped`).toBe(1);
      const states = (await db.outbox.toArray()).map((i) => i.state);
      expect(states.every((s) => s === 'sent')).toBe(true);
    }
    // 25 replays of up to 24 items through IndexedDB: about 1 s alone, and past the default 5 s
    // when the machine also runs the API and browser suites beside it.
  }, 30_000);

  it('two contexts without a shared lock never send the same item at the same time', async () => {
    for (let seed = 100; seed < 110; seed++) {
      const random = prng(seed);
      await db.outbox.clear();
      for (let i = 0; i < 10; i++) {
        await enqueueTribute(
          db,
          { id: newId(), sepultadoId: 's', userId: USER },
          tribute(`${i}`),
          i,
        );
      }
      const server = fakeServer(random, 0.1, 0.1);
      await drainAll(server, 3, false);
      expect(server.sameItemOverlaps, `seed ${seed}`).toBe(0);
      expect(server.applied.size).toBe(10);
    }
  });

  it('an interrupted drain (tab closed mid-send) is picked up after the lease', async () => {
    const id = newId();
    await enqueueTribute(db, { id, sepultadoId: 's', userId: USER }, tribute('x'), 0);
    const hung: OutboxTransport = { send: () => new Promise<SendResult>(() => undefined) };
    void drainOutbox({ db, transport: hung, lock: memoryLock(), session: SESSION, now: () => 10 });
    await new Promise((r) => setTimeout(r, 20));
    expect((await db.outbox.get(id))?.state).toBe('sending');
    const server = fakeServer(prng(7), 0, 0);
    // Before the lease runs out nobody else sends it…
    await drainOutbox({
      db,
      transport: server,
      lock: memoryLock(),
      session: SESSION,
      now: () => 20,
    });
    expect(server.applied.size).toBe(0);
    // …after it, another drain does.
    await drainOutbox({
      db,
      transport: server,
      lock: memoryLock(),
      session: SESSION,
      now: () => 10 + 121_000,
    });
    expect(server.applied.get(id)).toBe(1);
    expect((await db.outbox.get(id))?.state).toBe('sent');
  });

  it('under a lock every context shares (Web Locks), a dead claim is taken at the next drain', async () => {
    // The page was reloaded while its drain had the item claimed: that drain is gone (the
    // shared lock is free again), so waiting out the 2-minute lease would only delay it.
    const id = newId();
    await enqueueTribute(db, { id, sepultadoId: 's', userId: USER }, tribute('x'), 0);
    const lock = memoryLock(true);
    const hung: OutboxTransport = { send: () => new Promise<SendResult>(() => undefined) };
    const dead = drainOutbox({ db, transport: hung, lock, session: SESSION, now: () => 10 });
    await new Promise((r) => setTimeout(r, 20));
    expect((await db.outbox.get(id))?.state).toBe('sending');
    const server = fakeServer(prng(8), 0, 0);
    // While it still holds the lock, the next drain is "busy" and sends nothing…
    expect(await drainOutbox({ db, transport: server, lock, session: SESSION })).toBe('busy');
    // …once the lock is free (a new page: a fresh lock object), the claim is stale at once.
    void dead;
    await drainOutbox({
      db,
      transport: server,
      lock: memoryLock(true),
      session: SESSION,
      now: () => 20,
    });
    expect(server.applied.get(id)).toBe(1);
    expect((await db.outbox.get(id))?.state).toBe('sent');
  });
});

describe('outbox outcomes', () => {
  const owner = (sepultadoId = 's1') => ({ id: newId(), sepultadoId, userId: USER });
  const answering = (result: SendResult): OutboxTransport => ({ send: async () => result });

  it('no signal keeps the item pending with a growing backoff', async () => {
    const item = await enqueueTribute(db, owner(), tribute('a'), 0);
    const deps = { db, lock: memoryLock(), session: SESSION, now: () => 1_000 };
    const report = await drainOutbox({ ...deps, transport: answering(NO_ANSWER) });
    const stored = await db.outbox.get(item.id);
    expect(stored?.state).toBe('pending');
    expect(stored?.attempts).toBe(1);
    expect(report).toMatchObject({ sent: 0, waiting: 1 });
    expect(stored?.nextAttemptAt).toBeGreaterThanOrEqual(1_000 + 4_000);
    expect(backoffMs(10, 0.5)).toBe(300_000);
  });

  it('when the signal returns, items waiting out a backoff are due at once', async () => {
    const item = await enqueueTribute(db, owner(), tribute('a'), 0);
    const deps = { db, lock: memoryLock(), session: SESSION, now: () => 1_000 };
    await drainOutbox({ ...deps, transport: answering(NO_ANSWER) });
    const server = fakeServer(prng(3), 0, 0);
    await drainOutbox({ ...deps, transport: server });
    expect(server.applied.size).toBe(0);
    await wakeWaiting(db, 1_000);
    await drainOutbox({ ...deps, transport: server });
    expect(server.applied.get(item.id)).toBe(1);
  });

  it('401 waits for the same person to log in again, then continues', async () => {
    const item = await enqueueTribute(db, owner(), tribute('a'), 0);
    await drainOutbox({
      db,
      lock: memoryLock(),
      session: SESSION,
      transport: answering({
        type: 'failed',
        outcome: { kind: 'session-expired', status: 401, message: 'Token inválido.' },
      }),
    });
    expect((await db.outbox.get(item.id))?.state).toBe('attention');
    await resumeAfterLogin(db, 'someone-else');
    expect((await db.outbox.get(item.id))?.state).toBe('attention');
    await resumeAfterLogin(db, USER);
    expect((await db.outbox.get(item.id))?.state).toBe('pending');
  });

  it('a refusal waits for the person with the server words; discard removes it', async () => {
    const item = await enqueueTribute(db, owner(), tribute('a'), 0);
    await drainOutbox({
      db,
      lock: memoryLock(),
      session: SESSION,
      transport: answering({
        type: 'failed',
        outcome: {
          kind: 'refused',
          status: 400,
          message: 'Texto longo.',
          field: 'x',
          details: [],
          body: {},
        },
      }),
    });
    const stored = await db.outbox.get(item.id);
    expect(stored).toMatchObject({ state: 'attention', reason: 'Texto longo.' });
    expect(await discardItem(db, item.id)).toBe(true);
    expect(await db.outbox.get(item.id)).toBeUndefined();
  });

  it('items of another person on the device wait for their own session', async () => {
    await enqueueTribute(db, { ...owner(), userId: 'bbbbbbbbbbbbbbbbbbbbbbbb' }, tribute('a'));
    const server = fakeServer(prng(1), 0, 0);
    await drainOutbox({ db, lock: memoryLock(), session: SESSION, transport: server });
    expect(server.applied.size).toBe(0);
  });

  it('edits of one record offline join into one, based on the first version', async () => {
    const first = await enqueueEdit(db, owner(), edit({ chapa: '0458' }, 3), 1);
    const second = await enqueueEdit(db, owner(), edit({ quadra: '12', chapa: '0459' }, 4), 2);
    expect(second.id).toBe(first.id);
    expect(second.payload).toMatchObject({ version: 3, fields: { chapa: '0459', quadra: '12' } });
    expect(await db.outbox.count()).toBe(1);
  });

  it('a later edit waits for the earlier one and is re-based on the version it produced', async () => {
    const order: string[] = [];
    const transport: OutboxTransport = {
      async send(item) {
        order.push(item.id);
        const version = item.kind === 'edit' ? item.payload.version : 0;
        return { type: 'ok', result: { id: item.sepultadoId, version: version + 1 } };
      },
    };
    const a = await enqueueEdit(db, owner(), edit({ chapa: '1' }, 5), 1);
    // The first is mid-send when the second is made: it cannot join, so it queues behind.
    await db.outbox.update(a.id, { state: 'sending', nextAttemptAt: 0 });
    const b = await enqueueEdit(db, owner(), edit({ chapa: '2' }, 5), 2);
    expect(b.id).not.toBe(a.id);
    await drainOutbox({ db, lock: memoryLock(), session: SESSION, transport, now: () => 10 });
    expect(order).toEqual([a.id, b.id]);
    expect((await db.outbox.get(b.id))?.payload).toMatchObject({ version: 6 });
  });

  it('a conflict goes to review; choosing keeps only the fields kept as mine', async () => {
    const item = await enqueueEdit(db, owner(), edit({ chapa: '0458', epitafio: 'Paz' }, 2));
    const current = { id: 's1', version: 5 } as never;
    await drainOutbox({
      db,
      lock: memoryLock(),
      session: SESSION,
      transport: answering({
        type: 'conflict',
        answer: {
          message: 'Conflito',
          conflicts: [
            { field: 'chapa', mine: '0458', theirs: '0460' },
            { field: 'epitafio', mine: 'Paz', theirs: 'Saudade' },
          ],
          current,
        },
      }),
    });
    expect((await db.outbox.get(item.id))?.problem?.kind).toBe('conflict');
    expect(await resolveConflict(db, item.id, new Set(['chapa']))).toBe(true);
    const resolved = await db.outbox.get(item.id);
    expect(resolved).toMatchObject({
      state: 'pending',
      payload: { version: 5, fields: { chapa: '0458' } },
    });
    expect(resolved?.kind === 'edit' && 'epitafio' in resolved.payload.fields).toBe(false);
  });

  it('keeping every current value leaves nothing to send', async () => {
    const item = await enqueueEdit(db, owner(), edit({ chapa: '0458' }, 2));
    await db.outbox.update(item.id, {
      state: 'attention',
      problem: {
        kind: 'conflict',
        answer: {
          message: 'c',
          conflicts: [{ field: 'chapa', mine: '0458', theirs: '1' }],
          current: { version: 3 } as never,
        },
      },
    });
    expect(await resolveConflict(db, item.id, new Set())).toBe(false);
    expect(await db.outbox.get(item.id)).toBeUndefined();
  });
});
