/**
 * GET /users?q&limit=20 (spec §7): admins search everybody by name or e-mail (accent- and
 * case-insensitive on the server); anyone else gets only their own entry.
 */
import { useCallback } from 'react';
import type { UserListItem, UserListPage } from '../../domain/user-types';
import { USER_TEXT } from '../../lib/texts/user-texts';
import { useLoad } from '../../lib/use-load';
import { request } from '../api';
import { failureText } from '../failure';

const USER_SEARCH_LIMIT = 20;

/** The first page's users (spec §6: the screen shows up to 20; the search narrows). */
async function getUsers(q: string): Promise<UserListItem[]> {
  const term = q.trim();
  const page = await request<UserListPage>('users', {
    method: 'get',
    searchParams: term ? { q: term, limit: USER_SEARCH_LIMIT } : { limit: USER_SEARCH_LIMIT },
    fallback: USER_TEXT.listFailed,
  });
  return page.users;
}

type UserListState =
  | { status: 'loading' }
  | { status: 'ready'; users: UserListItem[] }
  | { status: 'error'; message: string };

/** The list for the applied term; `reload` asks again (the same term searched twice). */
export function useUserList(query: string) {
  const { state: load, reload, setValue } = useLoad(() => getUsers(query), [query]);
  const state: UserListState =
    load.phase === 'done'
      ? { status: 'ready', users: load.value }
      : load.phase === 'failed'
        ? {
            status: 'error',
            message: failureText(load.error, USER_TEXT.listFailed, USER_TEXT.offline),
          }
        : { status: 'loading' };
  /** Drops a deleted user without asking the server again. */
  const drop = useCallback(
    (id: string) => setValue((users) => users.filter((u) => u._id !== id)),
    [setValue],
  );
  return { state, reload, drop };
}
