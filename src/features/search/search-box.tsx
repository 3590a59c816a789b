/**
 * The navbar search box (spec §2) as a WAI-ARIA combobox: suggestions after a pause, arrows
 * move through them, Enter opens the active one (or searches), Escape closes. Submitting is
 * disabled while the box is blank, so blank terms never send a request.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { expectSeveral, useCemeteries, useChosenCemetery } from '../../data/cemeteries';
import { SEARCH_MSG } from '../../domain/search-query';
import type { SearchSuggestion } from '../../domain/search-types';
import { RESULTS_PATH, resultsPath, seeAllText } from './search-paths';
import { useSuggestions } from './use-suggestions';
import './search-box.css';

export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const [term, setTerm] = useState('');
  // Open while the person types in the box; closed by Escape, blur, a choice or a route change.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const boxRef = useRef<HTMLElement>(null);
  const listId = useId();
  // The cemetery chosen on the home or the results page (only offered with several).
  const cemiterio = useChosenCemetery();
  const state = useSuggestions(term, open, cemiterio);

  // On every route change the list closes; on the results page the box shows the term searched.
  useEffect(() => {
    setOpen(false);
    if (location.pathname === RESULTS_PATH) {
      setTerm(new URLSearchParams(location.search).get('q') ?? '');
    }
  }, [location.pathname, location.search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts with nothing active
  useEffect(() => setActive(-1), [state]);

  const items: SearchSuggestion[] = state.status === 'results' ? state.items : [];
  // With several cemeteries each suggestion names its own, as the result cards do.
  const { list } = useCemeteries();
  const several = list ? list.length > 1 : expectSeveral();
  // The options: each suggestion, then "Ver todos os resultados…".
  const optionCount = state.status === 'results' ? items.length + 1 : 0;
  const expanded = state.status !== 'hidden';
  const optionId = (i: number) => `${listId}-opt-${i}`;

  function go(to: string) {
    setOpen(false);
    navigate(to);
  }

  function choose(index: number) {
    const item = items[index];
    if (item) go(`/sepultados/${item.id}`);
    else go(resultsPath(term.trim(), cemiterio));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = term.trim();
    if (q) go(resultsPath(q, cemiterio));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (optionCount === 0) return;
      const down = event.key === 'ArrowDown';
      setActive((i) =>
        down ? (i < optionCount - 1 ? i + 1 : 0) : i > 0 ? i - 1 : optionCount - 1,
      );
    } else if (event.key === 'Enter' && active >= 0 && active < optionCount) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <search
      className="nav-search"
      ref={boxRef}
      onBlur={(e) => {
        if (!boxRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <form onSubmit={submit}>
        <input
          type="search"
          role="combobox"
          aria-label="Pesquisar sepultados"
          placeholder="Pesquisar sepultados..."
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={active >= 0 && active < optionCount ? optionId(active) : undefined}
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn" disabled={!term.trim()}>
          Pesquisar
        </button>
      </form>
      <div className="suggestion-list" hidden={!expanded}>
        {state.status === 'loading' && (
          <p className="suggestion-note" role="status">
            {SEARCH_MSG.searching}
          </p>
        )}
        {state.status === 'empty' && (
          <p className="suggestion-note" role="status">
            {SEARCH_MSG.noSuggestions}
          </p>
        )}
        <div id={listId} role="listbox" aria-label="Sugestões">
          {items.map((item, i) => (
            <div
              key={item.id}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={active === i}
              className="suggestion"
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => choose(i)}
              onKeyDown={() => undefined}
            >
              <span className="suggestion-name">{item.nome}</span>
              <SuggestionPlace item={item} showCemetery={several} />
            </div>
          ))}
          {state.status === 'results' && (
            <div
              id={optionId(items.length)}
              role="option"
              tabIndex={-1}
              aria-selected={active === items.length}
              className="suggestion suggestion-all"
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => choose(items.length)}
              onKeyDown={() => undefined}
            >
              {seeAllText(state.term)}
            </div>
          )}
        </div>
      </div>
    </search>
  );
}

/** "Rua …, Quadra …, Placa …", each only when the record has it. */
function SuggestionPlace({
  item,
  showCemetery,
}: {
  item: SearchSuggestion;
  showCemetery: boolean;
}) {
  const parts = [
    showCemetery && item.cemiterio ? item.cemiterio : null,
    item.rua ? `Rua: ${item.rua}` : null,
    item.quadra ? `Quadra: ${item.quadra}` : null,
    item.chapa ? `Placa: ${item.chapa}` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  return <span className="suggestion-place">{parts.join(' · ')}</span>;
}
