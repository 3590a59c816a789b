/**
 * The device's copies of work orders (Dexie table `ordens`): written from the day's list
 * (today-sync.ts) and from every answer of the order's API the outbox receives, read by the
 * "Hoje" and order screens. A copy is replaced only by the same or a newer version, so a late
 * answer never brings back an older state.
 */
import type { Order } from '../../domain/work-order-types';
import type { LocalOrder, MemorialDb } from '../db';

export function isOrder(value: unknown): value is Order {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    typeof (value as Order).id === 'string' &&
    typeof (value as Order).version === 'number' &&
    Array.isArray((value as Order).marcos)
  );
}

/** Stores the orders unless the device holds a newer version of one. */
export async function storeOrders(
  db: MemorialDb,
  orders: readonly Order[],
  userId: string,
  now: number = Date.now(),
): Promise<void> {
  if (orders.length === 0) return;
  await db.transaction('rw', db.ordens, async () => {
    const held = await db.ordens.bulkGet(orders.map((o) => o.id));
    const rows: LocalOrder[] = [];
    orders.forEach((o, i) => {
      const h = held[i];
      if (h && h.version > o.version) return;
      rows.push({ ...o, userId, storedAt: now });
    });
    await db.ordens.bulkPut(rows);
  });
}

export function storeOrder(db: MemorialDb, order: Order, userId: string, now?: number) {
  return storeOrders(db, [order], userId, now);
}

/** An answer of the order API (or the order a 409 carried): kept if it is an order. */
export async function keepOrder(db: MemorialDb, value: unknown, userId: string): Promise<void> {
  if (isOrder(value)) await storeOrder(db, value, userId);
}

/**
 * After a new day list: the person's copies of orders no longer in it go, unless field work
 * about them is still on the device (unsent, or refused and waiting for the person) — what was
 * done on a cancelled or deleted order stays visible until the person copies or discards it.
 */
export async function dropOrdersNotIn(
  db: MemorialDb,
  userId: string,
  keep: ReadonlySet<string>,
): Promise<void> {
  await db.transaction('rw', db.ordens, db.outbox, async () => {
    const mine = await db.ordens.where('userId').equals(userId).toArray();
    const gone: string[] = [];
    for (const o of mine) {
      if (keep.has(o.id)) continue;
      const work = await db.outbox.where('ordemId').equals(o.id).toArray();
      if (work.some((i) => i.state !== 'sent')) continue;
      gone.push(o.id);
    }
    await db.ordens.bulkDelete(gone);
  });
}
