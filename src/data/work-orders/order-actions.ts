/**
 * What the order screens call: the work goes into the outbox first (on the device before
 * anything is sent), then a drain is asked for. Nothing waits for the server here: the screen
 * shows the item's own state, live, until the server has it.
 */
import type { OrderItemKind } from '../../domain/order-outbox';
import type { Order } from '../../domain/work-order-types';
import { request } from '../api';
import { db } from '../db';
import { discardItem } from '../outbox/outbox-queue';
import { requestDrainSoon } from '../outbox/outbox-runner-lazy';
import { enqueueOrderWork, type OrderWork } from './order-queue';
import { storeOrder } from './order-store';
import { type DaySync, syncToday } from './today-sync';

export async function queueOrderWork<K extends OrderItemKind>(work: OrderWork<K>): Promise<void> {
  await enqueueOrderWork(db, work);
  requestDrainSoon();
}

export function discardOrderWork(id: string): Promise<boolean> {
  return discardItem(db, id);
}

export function refreshDay(): Promise<DaySync> {
  return syncToday(db);
}

/** An order not on the device (opened from a link, the office's list): asked and kept. */
export async function fetchOrder(id: string, userId: string): Promise<Order> {
  const order = await request<Order>(`ordens/${encodeURIComponent(id)}`, {
    method: 'get',
    fallback: 'Não foi possível abrir a ordem de serviço.',
  });
  await storeOrder(db, order, userId);
  return order;
}
