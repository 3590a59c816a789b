/** One person in "Gerenciamento de Usuários": photo, name, e-mail, role, masked CPF, actions. */
import { Link } from 'react-router-dom';
import type { UserListItem } from '../../domain/user-types';
import { ROLE_LABEL } from '../../lib/texts/user-texts';
import { UserAvatar } from './user-avatar';

interface UserRowProps {
  user: UserListItem;
  isSelf: boolean;
  isAdmin: boolean;
  deleting: boolean;
  onDelete(user: UserListItem): void;
}

export function UserRow({ user, isSelf, isAdmin, deleting, onDelete }: UserRowProps) {
  // /usuarios/edit/:id is admin-only; anyone else edits their own entry on the profile.
  const editTo = isAdmin ? `/usuarios/edit/${user._id}` : '/user/profile';
  return (
    <li className="user-row" aria-label={user.name}>
      <UserAvatar image={user.image} size={56} />
      <div className="user-row-info">
        <p className="user-row-name">
          {user.name}
          {isSelf && <span className="muted"> (você)</span>}
        </p>
        <p className="user-row-email">{user.email}</p>
        <div className="user-row-meta">
          <span className={`user-role-badge user-role-${user.role}`}>{ROLE_LABEL[user.role]}</span>
          {user.cpf && <span className="muted">CPF {user.cpf}</span>}
          {!user.emailVerified && <span className="user-badge-warn">E-mail não confirmado</span>}
        </div>
      </div>
      <div className="user-row-actions">
        <Link className="btn" to={editTo} aria-label={`Editar ${user.name}`}>
          Editar
        </Link>
        {isAdmin && !isSelf && (
          <button
            type="button"
            className="btn btn-danger"
            disabled={deleting}
            aria-label={`Excluir ${user.name}`}
            onClick={() => onDelete(user)}
          >
            Excluir
          </button>
        )}
      </div>
    </li>
  );
}
