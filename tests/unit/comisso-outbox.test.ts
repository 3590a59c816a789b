/**
 * An inspection of a comisso case through the outbox: queued with its photos as Blobs (they
 * survive a browser restart), sent through the real HTTP sender as multipart with the item id
 * as Idempotency-Key and the device's time, exactly once on a server that keeps keys even when
 * the first answer is lost; a refusal keeps the item in front of the person with the server's
 * words, and the drain goes on with the rest.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemorialDb } from '../../src/data/db';
import { enqueueInspection } from '../../src/data/graves/comisso-queue';
import { drainOutbox } from '../../src/data/outbox/outbox-drain';
import { applySent } from '../../src/data/outbox/outbox-effects';
import { httpTransport, inspectionRequest } from '../../src/data/outbox/outbox-http';
import { memoryLock } from '../../src/data/outbox/outbox-lock';
import {
  INSPECTION_FAILED,
  inspectionText,
  withSentAnswers,
} from '../../src/domain/comisso-outbox';
import { COMISSO_MSG } from '../../src/domain/comisso-rules';
import type { ComissoCase } from '../../src/domain/comisso-types';
import { newId } from '../../src/domain/ids';
import { MADE_AT_HEADER } from '../../src/domain/made-at';
import type { InspectionOutboxItem } from '../../src/domain/outbox-item';

const USER = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const CASE = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const GRAVE = 'cccccccccccccccccccccccc';
const BASE = 'http://memorial.test/api';

let db: MemorialDb;
let name: string;
beforeEach(async () => {
  name = `comisso-${newId()}`;
  db = new MemorialDb(name);
  await db.open();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  db.close();
  await db.delete();
});

const photo = (bytes: number[]) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });

function queue(nota = 'Mato alto, tampa quebrada.', at = 1_000) {
  return enqueueInspection(
    db,
    {
      id: newId(),
      userId: USER,
      casoId: CASE,
      sepulturaId: GRAVE,
      rotulo: 'Quadra 12 · 458',
      payload: {
        data: '27/11/2026',
        nota,
        fotos: [
          { blob: photo([1, 2, 3]), name: 'a.jpg' },
          { blob: photo([4, 5]), name: 'b.jpg' },
        ],
      },
    },
    at,
  );
}

interface Seen {
  key: string | null;
  madeAt: string | null;
  fields: Record<string, string>;
  photos: number[][];
}

/**
 * A server with the step route's rule: a key applies once and answers the case again. The
 * first answer can be lost after applying (the signal dropped on the way back).
 */
function fakeServer(opts: { loseFirst?: boolean; refuse?: { status: number; message: string } }) {
  const seen: Seen[] = [];
  const steps = new Map<string, number>();
  let lost = !opts.loseFirst;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const form = init.body as FormData;
    const fields: Record<string, string> = {};
    const photos: number[][] = [];
    for (const [k, v] of form.entries()) {
      if (typeof v === 'string') fields[k] = v;
      else photos.push([...new Uint8Array(await v.arrayBuffer())]);
    }
    seen.push({
      key: headers['idempotency-key'] ?? null,
      madeAt: headers[MADE_AT_HEADER] ?? null,
      fields,
      photos,
    });
    expect(url).toBe(`${BASE}/comisso/${CASE}/etapas`);
    if (opts.refuse) {
      return new Response(JSON.stringify({ message: opts.refuse.message }), {
        status: opts.refuse.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    const key = headers['idempotency-key'] ?? '';
    if (!steps.has(key)) steps.set(key, steps.size + 1);
    if (!lost) {
      lost = true;
      throw new TypeError('Failed to fetch');
    }
    const kase = { id: CASE, version: 1 + steps.size, etapas: [...steps.keys()] };
    return new Response(JSON.stringify(kase), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { seen, steps };
}

async function drain(clock: number) {
  return drainOutbox({
    db,
    transport: httpTransport(BASE),
    lock: memoryLock(true),
    session: async () => ({ token: 't', userId: USER }),
    onSent: (item, answer) => applySent(db, item, answer),
    now: () => clock,
  });
}

describe('an inspection through the outbox', () => {
  it('is applied once although its first answer was lost: the retry carries the same key', async () => {
    const item = await queue();
    const server = fakeServer({ loseFirst: true });
    const first = await drain(10_000);
    expect(first).toMatchObject({ sent: 0, waiting: 1 });
    expect((await db.outbox.get(item.id))?.state).toBe('pending');
    const second = await drain(10_000 + 10 * 60_000);
    expect(second).toMatchObject({ sent: 1, waiting: 0 });
    expect(server.seen).toHaveLength(2);
    expect(server.steps.size).toBe(1);
    for (const s of server.seen) {
      expect(s.key).toBe(item.id);
      // When the person made it, not when it finally went.
      expect(s.madeAt).toBe(new Date(1_000).toISOString());
      expect(s.fields).toEqual({
        tipo: 'vistoria',
        data: '27/11/2026',
        nota: 'Mato alto, tampa quebrada.',
      });
      expect(s.photos).toEqual([
        [1, 2, 3],
        [4, 5],
      ]);
    }
    const sent = (await db.outbox.get(item.id)) as InspectionOutboxItem;
    expect(sent.state).toBe('sent');
    expect(sent.result).toMatchObject({ id: CASE, etapas: [item.id] });
    // Nothing else is sent on a later drain.
    await drain(10_000 + 20 * 60_000);
    expect(server.seen).toHaveLength(2);
  });

  it('survives a browser restart: the item and its photo bytes are still there', async () => {
    const item = await queue();
    db.close();
    const reopened = new MemorialDb(name);
    await reopened.open();
    const kept = (await reopened.outbox.get(item.id)) as InspectionOutboxItem;
    expect(kept.kind).toBe('comisso-inspection');
    expect(kept.call.path).toBe(`comisso/${CASE}/etapas`);
    expect(kept.payload.fotos.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
    const second = kept.payload.fotos[1]?.blob ?? new Blob();
    expect([...new Uint8Array(await second.arrayBuffer())]).toEqual([4, 5]);
    reopened.close();
    db = new MemorialDb(name);
    await db.open();
  });

  it('a refusal (the case closed meanwhile) needs the person, with the server’s words', async () => {
    const item = await queue();
    const server = fakeServer({ refuse: { status: 409, message: COMISSO_MSG.notOpen } });
    const report = await drain(10_000);
    expect(report).toMatchObject({ sent: 0, waiting: 0 });
    const held = (await db.outbox.get(item.id)) as InspectionOutboxItem;
    expect(held).toMatchObject({
      state: 'attention',
      reason: COMISSO_MSG.notOpen,
      problem: { kind: 'refused', status: 409 },
    });
    // The photos are still on the device, and the text can be copied.
    expect(held.payload.fotos).toHaveLength(2);
    expect(inspectionText(held.payload)).toBe(
      'Vistoria de 27/11/2026 (2 fotos) — Mato alto, tampa quebrada.',
    );
    // Not sent again by itself.
    await drain(10_000 + 60 * 60_000);
    expect(server.seen).toHaveLength(1);
  });

  it('a refusal without words says the call’s own; a 403 keeps the server’s', async () => {
    const a = await queue('a', 1_000);
    fakeServer({ refuse: { status: 422, message: '' } });
    await drain(10_000);
    expect((await db.outbox.get(a.id))?.reason).toBe(INSPECTION_FAILED);
    await db.outbox.clear();
    const b = await queue('b', 2_000);
    fakeServer({ refuse: { status: 403, message: COMISSO_MSG.inspectForbidden } });
    await drain(20_000);
    expect((await db.outbox.get(b.id))?.reason).toBe(COMISSO_MSG.inspectForbidden);
  });

  it('leaves an empty note out of the form', async () => {
    const item = await queue('   ');
    const form = inspectionRequest(item).body as FormData;
    expect(form.has('nota')).toBe(false);
    expect(form.getAll('fotos')).toHaveLength(2);
  });

  it('shows a case from a sent inspection’s answer only when it is newer than the one loaded', () => {
    const kase = (version: number, id = CASE) => ({ id, version }) as ComissoCase;
    const item = (state: string, result: unknown) => ({ casoId: CASE, state, result });
    const loaded = [kase(3), kase(1, GRAVE)];
    expect(withSentAnswers(loaded, [item('sent', kase(4))])[0]?.version).toBe(4);
    expect(withSentAnswers(loaded, [item('sent', kase(2))])[0]?.version).toBe(3);
    // Not on the server yet: never shown as a step.
    expect(withSentAnswers(loaded, [item('sending', kase(9))])[0]?.version).toBe(3);
    // Another case's answer leaves this one alone.
    expect(withSentAnswers(loaded, [item('sent', kase(9))])[1]?.version).toBe(1);
  });
});
