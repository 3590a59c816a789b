/**
 * The crew's day as screens read it, live from the device (useLiveQuery): the day's orders,
 * one order, and the field work on it still in the outbox.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { OrderOutboxItem } from '../../domain/outbox-item';
import { db, type LocalOrder } from '../db';
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
