/** The concessionários an order goes to, as checkboxes (create, reassign, accept a request). */
import type { Dispatch, SetStateAction } from 'react';
import type { ConcessionarioListItem } from '../../domain/burial-types';

export function CrewChoice({
  crew,
  who,
  setWho,
}: {
  crew: ConcessionarioListItem[] | null;
  who: string[];
  setWho: Dispatch<SetStateAction<string[]>>;
}) {
  if (!crew) return <p className="muted">Carregando…</p>;
  return (
    <>
      {crew.map((a) => (
        <label key={a.id} className="order-choice">
          <input
            type="checkbox"
            checked={who.includes(a.id)}
            onChange={(e) =>
              setWho((w) => (e.target.checked ? [...w, a.id] : w.filter((x) => x !== a.id)))
            }
          />
          {a.name}
        </label>
      ))}
    </>
  );
}
