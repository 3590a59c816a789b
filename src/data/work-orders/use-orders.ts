/**
 * The crew's day as screens read it, live from the device (useLiveQuery): the day's orders,
 * one order, and the field work on it still in the outbox.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { OrderOutboxItem } from '../../domain/outbox-item';
import { db, type LocalOrder } from '../db';
import { keepOrder } from './order-store';
import { readDay, type StoredDay } from './today-sync';

export interface DeviceDay {
  day: StoredDay | null;
  orders: LocalOrder[];
}

/** The person's day as last fetched (undefined while loading; day null: never fetched here). */
export function useDeviceDay(userId: string): DeviceDay | undefined {
  return useLiveQuery(async () => {
    const day = (await readDay(db, userId)) ?? null;
    const rows = await db.ordens.where('userId').equals(userId).toArray();
    rows.sort((a, b) => (a.agendadaPara < b.agendadaPara ? -1 : 1));
    return { day, orders: rows };
  }, [userId]);
}

/** One order's device copy (null: not on this device; undefined while loading). */
export function useDeviceOrder(id: string): LocalOrder | null | undefined {
  return useLiveQuery(async () => (await db.ordens.get(id)) ?? null, [id]);
}

/** The person's field work on every order, not yet acknowledged or needing them. */
export function useOrderWork(userId: string, ordemId?: string): OrderOutboxItem[] {
  return (
    useLiveQuery(async () => {
      const rows = ordemId
        ? await db.outbox.where('ordemId').equals(ordemId).toArray()
        : await db.outbox.where('state').anyOf('pending', 'sending', 'attention').toArray();
      return rows.filter((i): i is OrderOutboxItem => 'ordemId' in i && i.userId === userId);
    }, [userId, ordemId]) ?? []
  );
}

/**
 * The orders the server answered to this person's sent work, kept as the device's copies. The
 * page's outbox runner leaves them on their items (it is loaded by every page and carries no
 * order code); the service worker keeps them itself. Version-guarded, so replaying is harmless.
 */
export function useKeepAnswers(userId: string): void {
  const answers = useLiveQuery(
    async () =>
      (await db.outbox.where('state').equals('sent').toArray()).filter(
        (i): i is OrderOutboxItem => 'ordemId' in i && i.userId === userId && Boolean(i.result),
      ),
    [userId],
  );
  useEffect(() => {
    for (const i of answers ?? []) void keepOrder(db, i.result, userId).catch(() => undefined);
  }, [answers, userId]);
}
