/**
 * A search form's "Procurar": usable in the server's HTML (without JavaScript the browser's own
 * GET of the form searches), disabled while nothing is typed once the app runs.
 * Its own component because the switch after hydration is a synchronous re-render
 * (useSyncExternalStore's, in useHydrated): here it re-renders this button, not the whole
 * form with its lazy parts in one long task.
 */
import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

export function SearchSubmit({ term, children }: { term: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className="btn btn-primary" disabled={hydrated && !term.trim()}>
      {children}
    </button>
  );
}
