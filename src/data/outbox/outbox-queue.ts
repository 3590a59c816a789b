/**
 * Writing to the outbox: what the screens call. Everything here is one Dexie transaction, so a
 * drain running meanwhile (the page's or the service worker's) sees an item whole or not at all.
 *
 * Edits of one record by one person are coalesced while unsent: a second correction made
 * offline joins the first (same base version, later values win), because two separate edits
 * from the same starting version would conflict with each other on the server.
 */

import type {
  EditOutboxItem,
  EditPayload,
  OutboxItem,
  TributeOutboxItem,
  TributePayload,
} from '../../domain/outbox-item';
import type { MemorialDb } from '../db';

interface Owner {
  id: string;
  sepultadoId: string;
  userId: string;
}

function fresh(owner: Owner, now: number) {
  return {
    ...owner,
    state: 'pending' as const,
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/** Queues a tribute. The same id twice is the same tribute (put, not add). */
export async function enqueueTribute(
  db: MemorialDb,
  owner: Owner,
  payload: TributePayload,
  now: number = Date.now(),
): Promise<TributeOutboxItem> {
  const item: TributeOutboxItem = { ...fresh(owner, now), kind: 'tribute', payload };
  await db.outbox.put(item);
  return item;
}

/** An unsent edit of this record by this person that a new edit can join (not mid-send). */
function joinableEdit(items: OutboxItem[], sepultadoId: string, userId: string) {
  return items.find(
    (i): i is EditOutboxItem =>
      i.kind === 'edit' &&
      i.sepultadoId === sepultadoId &&
      i.userId === userId &&
      (i.state === 'pending' || i.state === 'attention'),
  );
}

function coalesceEdit(earlier: EditPayload, later: EditPayload): EditPayload {
  const removed = new Set([...earlier.removeImages, ...later.removeImages]);
  return {
    version: earlier.version,
    fields: { ...earlier.fields, ...later.fields },
    removeImages: [...removed],
    photos: [...earlier.photos, ...later.photos],
    nome: later.nome,
  };
}

/**
 * Queues a record edit, joining an unsent one of the same person and record. A joined item goes
 * back to pending (the person has just looked at it again) and keeps its id: the server never
 * saw that id applied, since only a 200 is remembered under a key.
 */
export async function enqueueEdit(
  db: MemorialDb,
  owner: Owner,
  payload: EditPayload,
  now: number = Date.now(),
): Promise<EditOutboxItem> {
  return db.transaction('rw', db.outbox, async () => {
    const mine = await db.outbox.where('sepultadoId').equals(owner.sepultadoId).toArray();
    const earlier = joinableEdit(mine, owner.sepultadoId, owner.userId);
    const item: EditOutboxItem = earlier
      ? {
          ...earlier,
          payload: coalesceEdit(earlier.payload, payload),
          state: 'pending',
          reason: undefined,
          problem: undefined,
          nextAttemptAt: now,
          updatedAt: now,
        }
      : { ...fresh(owner, now), kind: 'edit', payload };
    await db.outbox.put(item);
    return item;
  });
}

/** The person gave up on an item: it goes, whatever its state except mid-send. */
/** The person's writes not on the server yet (pending, being sent, or needing them). */
export async function unsentItems(db: MemorialDb, userId: string): Promise<OutboxItem[]> {
  const items = await db.outbox.where('state').anyOf('pending', 'sending', 'attention').toArray();
  return items.filter((i) => i.userId === userId);
}

export async function discardItem(db: MemorialDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    if (!item || item.state === 'sending') return false;
    await db.outbox.delete(id);
    return true;
  });
}

/** "Tentar agora": an item waiting (backoff) or refused goes back to the queue at once. */
export async function retryItem(db: MemorialDb, id: string, now: number = Date.now()) {
  await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    if (!item || item.state === 'sending' || item.state === 'sent') return;
    await db.outbox.put({
      ...item,
      state: 'pending',
      reason: undefined,
      problem: undefined,
      nextAttemptAt: now,
      updatedAt: now,
    });
  });
}

/** After a login: this person's items that stopped on a 401 continue by themselves. */
export async function resumeAfterLogin(db: MemorialDb, userId: string, now: number = Date.now()) {
  await db.transaction('rw', db.outbox, async () => {
    const waiting = await db.outbox.where('state').equals('attention').toArray();
    const mine = waiting.filter((i) => i.userId === userId && i.problem?.kind === 'login');
    await db.outbox.bulkPut(
      mine.map((i) => ({
        ...i,
        state: 'pending' as const,
        reason: undefined,
        problem: undefined,
        nextAttemptAt: now,
        updatedAt: now,
      })),
    );
  });
}

/**
 * The person's choice on the review screen: per conflicting field, keep theirs (drop it from
 * the edit) or keep mine; the edit is then based on the record's current version. Returns
 * false when nothing is left to send (every field kept as it is now), and the item is removed.
 */
export async function resolveConflict(
  db: MemorialDb,
  id: string,
  keepMine: ReadonlySet<string>,
  now: number = Date.now(),
): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    if (item?.kind !== 'edit' || item.problem?.kind !== 'conflict') return false;
    const { answer } = item.problem;
    const fields = { ...item.payload.fields };
    for (const c of answer.conflicts) {
      if (!keepMine.has(c.field)) delete fields[c.field];
    }
    const payload: EditPayload = { ...item.payload, fields, version: answer.current.version };
    const empty =
      Object.keys(fields).length === 0 &&
      payload.removeImages.length === 0 &&
      payload.photos.length === 0;
    if (empty) {
      await db.outbox.delete(id);
      return false;
    }
    await db.outbox.put({
      ...item,
      payload,
      state: 'pending',
      reason: undefined,
      problem: undefined,
      nextAttemptAt: now,
      updatedAt: now,
    });
    return true;
  });
}

/**
 * The signal came back (or the app just started): items waiting out a backoff are due now —
 * the backoff exists to spare a dead network, and this one just came alive.
 */
export async function wakeWaiting(db: MemorialDb, now: number = Date.now()): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const waiting = await db.outbox.where('state').equals('pending').toArray();
    // Only what waited for the signal: a server that failed or asked to wait keeps its time.
    const later = waiting.filter((i) => i.nextAttemptAt > now && !i.waitingFor);
    if (later.length > 0) {
      await db.outbox.bulkPut(later.map((i) => ({ ...i, nextAttemptAt: now })));
    }
  });
}

/**
 * The person's account no longer exists: nothing of theirs can ever be sent. Every unsent item
 * of theirs waits for a decision (copy the text, discard) instead of for a login that cannot
 * happen, and is shown to whoever uses the device next (docs/decisions.md, "Outcomes").
 */
export async function markAccountGone(
  db: MemorialDb,
  userId: string,
  reason: string,
  now: number = Date.now(),
): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const items = (await db.outbox.toArray()).filter(
      (i) => i.userId === userId && i.state !== 'sent' && i.problem?.kind !== 'account-gone',
    );
    await db.outbox.bulkPut(
      items.map((i) => ({
        ...i,
        state: 'attention' as const,
        reason,
        problem: { kind: 'account-gone' as const },
        waitingFor: undefined,
        updatedAt: now,
      })),
    );
  });
}
