/**
 * The outbox as screens see it: live lists of the current person's items (another person's
 * queued writes on a shared phone are theirs alone), from Dexie, live (useDeviceQuery: a
 * visitor's first landing shows its record before the store opens).
 */
import type { OutboxItem } from '../../domain/outbox-item';
import { useDeviceQuery } from '../device/use-device-query';
import { useSession } from '../session/session';
import { unsentItems } from './outbox-queue';

function newestFirst(a: OutboxItem, b: OutboxItem) {
  return b.createdAt - a.createdAt;
}

/**
 * Every item of the person, newest first (undefined while loading), and the items of removed
 * accounts: nobody can log in as them again, so whoever holds the device decides (copy the
 * text, discard) — docs/decisions.md, "Outcomes".
 */
export function useMyOutbox(): OutboxItem[] | undefined {
  const userId = useSession().auth?.userId ?? '';
  return useDeviceQuery(
    async (db) =>
      (await db.outbox.toArray())
        .filter((i) => (userId && i.userId === userId) || i.problem?.kind === 'account-gone')
        .sort(newestFirst),
    [userId],
  );
}

/** The person's items about one record. */
export function useRecordOutbox(sepultadoId: string): OutboxItem[] {
  const userId = useSession().auth?.userId ?? '';
  return (
    useDeviceQuery(
      async (db) =>
        userId
          ? (await db.outbox.where('sepultadoId').equals(sepultadoId).toArray())
              .filter((i) => i.userId === userId)
              .sort(newestFirst)
          : [],
      [sepultadoId, userId],
    ) ?? []
  );
}

/** One item, live (null once it is gone; undefined while loading). */
export function useOutboxItem(id: string): OutboxItem | null | undefined {
  return useDeviceQuery(async (db) => (await db.outbox.get(id)) ?? null, [id]);
}

/** How many of the person's writes are not on the server yet, and how many need them. */
export function useUnsentCounts(userId: string) {
  return useDeviceQuery(
    async (db) => {
      const mine = await unsentItems(db, userId);
      return { unsent: mine.length, attention: mine.filter((i) => i.state === 'attention').length };
    },
    [userId],
  );
}

/** The names of the records the items are about, as the device holds them. */
export function useRecordNames(items: OutboxItem[] | undefined): Map<string, string> {
  const ids = [...new Set((items ?? []).map((i) => i.sepultadoId))];
  const rows = useDeviceQuery((db) => db.sepultados.bulkGet(ids), [ids.join(',')]) ?? [];
  return new Map(rows.flatMap((r) => (r ? [[r.id, r.nome] as const] : [])));
}
