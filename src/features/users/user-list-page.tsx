/**
 * /meuusuario "Gerenciamento de Usuários" (spec §2, §8): admins search by name or e-mail
 * (GET /users?q&limit=20), add, edit and delete (never themselves: the server refuses it, so
 * the button is not offered). Anyone else sees the note and their own entry only.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { failureText } from '../../data/failure';
import { useSession } from '../../data/session';
import { deleteUser, useUserList } from '../../data/users';
import { can } from '../../domain/permissions';
import type { UserListItem } from '../../domain/user-types';
import { USER_TEXT } from '../../lib/texts/user-texts';
import { useFlash } from '../../ui/flash';
import { UserRow } from './user-row';
import './users.css';

export default function UserListPage() {
  const session = useSession();
  const flash = useFlash();
  const actor = session.auth ? { id: session.auth.userId, role: session.role } : null;
  const isAdmin = can(actor, 'user:manage');
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  const { state, reload, drop } = useUserList(query);

  useEffect(() => {
    if (state.status === 'error') flash.error(state.message);
  }, [state, flash]);

  function search(event: FormEvent) {
    event.preventDefault();
    const next = term.trim();
    if (next === query) reload();
    else setQuery(next);
  }

  function clear() {
    setTerm('');
    if (query === '') reload();
    else setQuery('');
  }

  async function remove(user: UserListItem) {
    if (!window.confirm(USER_TEXT.deleteConfirm)) return;
    setDeleting(user._id);
    try {
      const answer = await deleteUser(user._id);
      flash.success(answer.message || USER_TEXT.deleted);
      drop(user._id);
    } catch (err) {
      flash.error(failureText(err, USER_TEXT.deleteFailed, USER_TEXT.offline));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section className="page user-page" aria-labelledby="user-list-title">
      <div className="user-head">
        <h1 id="user-list-title">{USER_TEXT.listTitle}</h1>
        {isAdmin && (
          <Link className="btn btn-primary" to="/usuarios/add">
            Novo Usuário
          </Link>
        )}
      </div>
      {isAdmin ? (
        <search className="user-search">
          <form onSubmit={search}>
            <input
              type="search"
              aria-label={USER_TEXT.searchLabel}
              placeholder={USER_TEXT.searchLabel}
              value={term}
              maxLength={100}
              onChange={(e) => setTerm(e.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              Pesquisar
            </button>
            <button type="button" className="btn" onClick={clear}>
              Limpar
            </button>
          </form>
        </search>
      ) : (
        <p className="muted">{USER_TEXT.listOwnOnly}</p>
      )}
      {state.status === 'loading' && <p className="loading">Carregando…</p>}
      {state.status === 'error' && (
        <div className="user-error" role="alert">
          <p>{state.message}</p>
          <button type="button" className="btn" onClick={reload}>
            Tentar novamente
          </button>
        </div>
      )}
      {state.status === 'ready' &&
        (state.users.length === 0 ? (
          <p className="user-empty">{USER_TEXT.listEmpty}</p>
        ) : (
          <ul className="user-list" aria-label="Usuários">
            {state.users.map((user) => (
              <UserRow
                key={user._id}
                user={user}
                isSelf={user._id === session.auth?.userId}
                isAdmin={isAdmin}
                deleting={deleting === user._id}
                onDelete={(u) => void remove(u)}
              />
            ))}
          </ul>
        ))}
    </section>
  );
}
