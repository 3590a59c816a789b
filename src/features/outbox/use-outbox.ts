/**
 * The outbox as screens see it: live lists of the current person's items (another person's
 * queued writes on a shared phone are theirs alone), from Dexie via useLiveQuery.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../data/db';
import type { OutboxItem } from '../../data/outbox/outbox-types';
import { useSession } from '../auth/session-context';

function newestFirst(a: OutboxItem, b: OutboxItem) {
  return b.createdAt - a.createdAt;
}

/**
 * Every item of the person, newest first (undefined while loading), and the items of removed
 * accounts: nobody can log in as them again, so whoever holds the device decides (copy the
 * text, discard) — README, "Outcomes".
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

export const isUnsent = (item: OutboxItem) => item.state !== 'sent';
