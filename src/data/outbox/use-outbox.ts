/**
 * The outbox as screens see it: live lists of the current person's items (another person's
 * queued writes on a shared phone are theirs alone), from Dexie via useLiveQuery.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxItem } from '../../domain/outbox-item';
import { db } from '../db';
import { useSession } from '../session/session';

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
  return useLiveQuery(
    async () =>
      (await db.outbox.toArray())
        .filter((i) => (userId && i.userId === userId) || i.problem?.kind === 'account-gone')
        .sort(newestFirst),
    [userId],
    undefined,
  );
}

/** The person's items about one record. */
export function useRecordOutbox(sepultadoId: string): OutboxItem[] {
  const userId = useSession().auth?.userId ?? '';
  return (
    useLiveQuery(
      async () =>
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
  return useLiveQuery(async () => (await db.outbox.get(id)) ?? null, [id]);
}

/** How many of the person's writes are not on the server yet, and how many need them. */
export function useUnsentCounts(userId: string) {
  return useLiveQuery(async () => {
    const mine = (
      await db.outbox.where('state').anyOf('pending', 'sending', 'attention').toArray()
    ).filter((i) => i.userId === userId);
    return { unsent: mine.length, attention: mine.filter((i) => i.state === 'attention').length };
  }, [userId]);
}

/** The names of the records the items are about, as the device holds them. */
export function useRecordNames(items: OutboxItem[] | undefined): Map<string, string> {
  const ids = [...new Set((items ?? []).map((i) => i.sepultadoId))];
  const rows = useLiveQuery(() => db.sepultados.bulkGet(ids), [ids.join(',')]) ?? [];
  return new Map(rows.flatMap((r) => (r ? [[r.id, r.nome] as const] : [])));
}
