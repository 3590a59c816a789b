/**
 * Navbar entry "Envios (n)" while the person has writes not yet on the server, so nothing
 * waits unseen; red when one needs them. Absent otherwise (the spec's menu stays as it is).
 * Lazy: it reads Dexie, which the first load does without. Its styles come with the navbar
 * (src/ui/outbox-badge.css), so its code rides in a chunk the logged-in pages already load.
 */
import { NavLink } from 'react-router-dom';
import { useUnsentCounts } from '../../data/outbox';
import { useSession } from '../../data/session';

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
    // The number says what it counts on screen too; the name starts with what is seen.
    const seen = unsentLabel(counts.unsent);
    const attention =
      counts.attention > 0
        ? `, ${counts.attention} ${counts.attention === 1 ? 'precisa' : 'precisam'} de atenção`
        : '';
    return (
      <NavLink to="/pendentes" className="outbox-compact" aria-label={`${seen}${attention}`}>
        <span className={badgeClass}>{counts.unsent}</span>
        <span className="outbox-compact-text">{unsentWord(counts.unsent)}</span>
      </NavLink>
    );
  }
  return (
    <NavLink to="/pendentes" aria-label={`Envios: ${label}`}>
      Envios
      <span className={badgeClass}>{counts.unsent}</span>
    </NavLink>
  );
}

const unsentWord = (n: number) => (n === 1 ? 'não enviado' : 'não enviados');
/** "1 não enviado", "3 não enviados". */
const unsentLabel = (n: number) => `${n} ${unsentWord(n)}`;
