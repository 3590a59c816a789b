/**
 * Navbar entry "Envios (n)" while the person has writes not yet on the server, so nothing
 * waits unseen; red when one needs them. Absent otherwise (the spec's menu stays as it is).
 * Lazy: it reads Dexie, which the first load does without.
 */
import { NavLink } from 'react-router-dom';
import { useUnsentCounts } from '../../data/outbox/use-outbox';
import { useSession } from '../../data/session';
import '../../ui/outbox.css';

/**
 * `compact`: the badge alone beside the phone's menu button, so unsent work shows on the
 * collapsed header too (hidden from 860 px, where the full entry is in the row of links).
 */
export default function OutboxLink({ compact = false }: { compact?: boolean }) {
  const userId = useSession().auth?.userId ?? '';
  const counts = useUnsentCounts(userId);
  if (!counts || counts.unsent === 0) return null;
  const label =
    counts.attention > 0
      ? `${counts.attention} envio(s) precisam de atenção`
      : `${counts.unsent} envio(s) aguardando`;
  const badgeClass = `outbox-badge${counts.attention > 0 ? ' outbox-badge-attention' : ''}`;
  if (compact) {
    return (
      <NavLink to="/pendentes" className="outbox-compact" aria-label={`Envios: ${label}`}>
        <span className={badgeClass}>{counts.unsent}</span>
      </NavLink>
    );
  }
  return (
    <NavLink to="/pendentes" aria-label={`Envios: ${label}`}>
      Envios
      <span className={`outbox-badge${counts.attention > 0 ? ' outbox-badge-attention' : ''}`}>
        {counts.unsent}
      </span>
    </NavLink>
  );
}
