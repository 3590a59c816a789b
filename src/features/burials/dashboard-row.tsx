/** One row of the dashboard: thumbnail, name, and the actions the role allows (spec §2, §6). */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PLACEHOLDERS } from '../../domain/burial-display';
import type { MineCard } from '../../domain/burial-types';
import { BurialImage } from '../../ui/burial-image';
import type { AssignMode } from './assign-inline';

interface Props {
  card: MineCard;
  /** Assign and delete (spec §6: the admin's, through the shared rule). */
  mayManage: boolean;
  /** A request is pending somewhere on the list: every action waits. */
  busy: boolean;
  onDelete(): void;
  onAssign(mode: AssignMode): void;
  /** One click: removes this person from the record (admin). */
  onUnassign(userId: string): void;
  children?: ReactNode;
}

export function DashboardRow({
  card,
  mayManage,
  busy,
  onDelete,
  onAssign,
  onUnassign,
  children,
}: Props) {
  const assigned = mayManage ? (card.concessionariosInfo ?? []) : [];
  // One "Desatribuir" per person assigned, beside the name; the typed entry only where the
  // record has assignees this device cannot name (a card built on the device), none when nobody.
  const unnamed = mayManage && assigned.length === 0 && (card.concessionarios?.length ?? 0) > 0;
  return (
    <li className="burial-dash-row">
      <div className="burial-dash-main">
        <BurialImage
          className="burial-dash-thumb"
          file={card.thumb ?? card.images[0]}
          placeholder={PLACEHOLDERS.sepultura}
          alt={`Foto de ${card.nome}`}
          width={64}
          height={64}
        />
        <div className="burial-dash-name">
          <Link to={`/sepultados/${card.id}`}>{card.nome}</Link>
          <small className="muted">
            Quadra {card.quadra} · Placa {card.chapa}
          </small>
        </div>
      </div>
      {assigned.length > 0 && (
        <ul className="burial-dash-assigned" aria-label={`Concessionários de ${card.nome}`}>
          {assigned.map((person) => (
            <li key={person.id}>
              <span>{person.name}</span>
              <button
                type="button"
                className="btn btn-small"
                disabled={busy}
                aria-label={`Desatribuir ${person.name} de ${card.nome}`}
                onClick={() => onUnassign(person.id)}
              >
                Desatribuir
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="burial-dash-actions">
        <Link
          className="btn btn-small"
          to={`/sepultados/edit/${card.id}`}
          aria-label={`Editar ${card.nome}`}
          aria-disabled={busy || undefined}
        >
          Editar
        </Link>
        {mayManage && (
          <>
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              aria-label={`Atribuir concessionário a ${card.nome}`}
              onClick={() => onAssign('atribuir')}
            >
              Atribuir
            </button>
            {unnamed && (
              <button
                type="button"
                className="btn btn-small"
                disabled={busy}
                aria-label={`Desatribuir concessionário de ${card.nome}`}
                onClick={() => onAssign('desatribuir')}
              >
                Desatribuir
              </button>
            )}
            <button
              type="button"
              className="btn btn-small btn-danger"
              disabled={busy}
              aria-label={`Excluir ${card.nome}`}
              onClick={onDelete}
            >
              Excluir
            </button>
          </>
        )}
      </div>
      {children}
    </li>
  );
}
