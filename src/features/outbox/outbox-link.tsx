/**
 * Navbar entry "Envios (n)" while the person has writes not yet on the server, so nothing
 * waits unseen; red when one needs them. Absent otherwise (the spec's menu stays as it is).
 * Lazy: it reads Dexie, which the first load does without.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { NavLink } from 'react-router-dom';
import { db } from '../../data/db';
import { useSession } from '../auth/session-context';
import './outbox.css';

export default function OutboxLink() {
  const userId = useSession().auth?.userId ?? '';
  const counts = useLiveQuery(async () => {
    const mine = (
      await db.outbox.where('state').anyOf('pending', 'sending', 'attention').toArray()
    ).filter((i) => i.userId === userId);
    return { unsent: mine.length, attention: mine.filter((i) => i.state === 'attention').length };
  }, [userId]);
  if (!counts || counts.unsent === 0) return null;
  const label =
    counts.attention > 0
      ? `${counts.attention} envio(s) precisam de atenção`
      : `${counts.unsent} envio(s) aguardando`;
  return (
    <NavLink to="/pendentes" aria-label={`Envios: ${label}`}>
      Envios
      <span className={`outbox-badge${counts.attention > 0 ? ' outbox-badge-attention' : ''}`}>
        {counts.unsent}
      </span>
    </NavLink>
  );
}
