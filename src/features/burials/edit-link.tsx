/**
 * "Editar" on a record's page, for whoever may edit it (spec §6 through the shared rule,
 * src/domain/permissions.ts): an admin, or a concessionário assigned to it — known from the
 * record when the server sent who is assigned, else from the person's editable ids that came
 * with the visit pack (src/data/sync/mine-sync.ts), so it shows without signal too.
 */
import { Link } from 'react-router-dom';
import { useMineOnDevice } from '../../data/burials';
import { useSession } from '../../data/session';
import { can, canEver } from '../../domain/permissions';

export function EditLink({ id, assigned }: { id: string; assigned?: readonly string[] }) {
  const { auth, status } = useSession();
  const actor = status === 'authenticated' && auth ? { id: auth.userId, role: auth.role } : null;
  const mayEver = canEver(actor, 'burial:edit');
  const mine = useMineOnDevice(mayEver && actor ? actor.id : null);
  if (!actor || !mayEver) return null;
  const onDevice = mine && (mine.all || mine.ids.includes(id)) ? [actor.id] : [];
  const allowed =
    can(actor, 'burial:edit', { assigned: assigned ?? [] }) ||
    can(actor, 'burial:edit', { assigned: onDevice });
  if (!allowed) return null;
  return (
    <p>
      <Link className="btn btn-small" to={`/sepultados/edit/${encodeURIComponent(id)}`}>
        Editar
      </Link>
    </p>
  );
}
