/**
 * "Procurar sepultado": the visitor's own way into the public search (spec §6: searching and
 * records are public) on the screens a person without an account lands on — /login, /register
 * (composed there by the app's routes) and the results page itself. The navbar box stays as
 * spec §2 says (hidden when logged out); this form is a separate, plain one: a GET form whose
 * submit goes to the results page, which answers from the visit pack without signal.
 */
import { type FormEvent, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { chooseCemetery, expectSeveral, useChosenCemetery } from '../../data/cemeteries';
import { LOAD_TEXT } from '../../lib/texts/load-texts';
import { CemeteryChoiceSlot } from '../../ui/cemetery-choice-slot';
import { PartBoundary, retryableLazy } from '../../ui/part-boundary';
import { SearchSubmit } from '../../ui/search-submit';
import { RESULTS_PATH, resultsPath } from './search-paths';

const VisitorCemeteryChoice = retryableLazy(() => import('./visitor-cemetery-choice'));

import './visitor-search.css';

const VISITOR_SEARCH_TEXT = {
  title: 'Procurar sepultado',
  noAccount: 'Para procurar um sepultado e abrir o registro da sepultura não é preciso ter conta.',
  label: 'Sepultado, rua, quadra ou placa',
  submit: 'Procurar',
} as const;

interface Props {
  /** The term already searched (results page). */
  initial?: string;
  /** Shows the heading and the no-account line (the login and register screens). */
  intro?: boolean;
}

export function VisitorSearch({ initial = '', intro = false }: Props) {
  const navigate = useNavigate();
  const [term, setTerm] = useState(initial);
  // With several cemeteries the search can be narrowed to one; with one, nothing shows.
  const cemiterio = useChosenCemetery();
  const id = useId();
  const titleId = `${id}-titulo`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = term.trim();
    if (q) navigate(resultsPath(q, cemiterio));
  }

  function choose(id: string | null) {
    chooseCemetery(id);
    // On the results page a new choice searches again at once.
    const q = term.trim();
    if (!intro && q) navigate(resultsPath(q, id));
  }

  const form = (
    <search
      className="query-form"
      aria-labelledby={intro ? titleId : undefined}
      aria-label={intro ? undefined : VISITOR_SEARCH_TEXT.title}
    >
      <form onSubmit={submit} action={RESULTS_PATH}>
        <label htmlFor={`${id}-q`}>{VISITOR_SEARCH_TEXT.label}</label>
        <div className="query-form-row">
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
          <SearchSubmit term={term}>{VISITOR_SEARCH_TEXT.submit}</SearchSubmit>
        </div>
        <PartBoundary message={LOAD_TEXT.cemeteryChoice} onRetry={VisitorCemeteryChoice.retry}>
          <Suspense fallback={expectSeveral() ? <CemeteryChoiceSlot /> : null}>
            <VisitorCemeteryChoice value={cemiterio} onChange={choose} device={!intro} />
          </Suspense>
        </PartBoundary>
      </form>
    </search>
  );
  if (!intro) return form;
  return (
    <section className="search-visitor-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{VISITOR_SEARCH_TEXT.title}</h2>
      <p>{VISITOR_SEARCH_TEXT.noAccount}</p>
      {form}
    </section>
  );
}
