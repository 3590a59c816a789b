/**
 * /sepultados/pesquisa?q= (spec §2): heading, the searched term, the count, result cards with
 * the matched text marked; the no-term and no-hit texts; a failure in place of the results;
 * without signal, the device's records with a note saying what was searched (the cemeteries
 * downloaded, or only the records seen here and how many, with the way to the download). Its own search form (prefilled)
 * lets a visitor without an account, who has no navbar box (spec §2), search again.
 */
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  chooseCemetery,
  chosenCemetery,
  expectSeveral,
  useCemeteries,
} from '../../data/cemeteries';
import { usePublicData } from '../../data/public-data';
import { useSearchResults } from '../../data/search';
import { parseQuery, resultCountText, SEARCH_MSG } from '../../domain/search-query';
import { SearchResultCard } from '../../features/burials/search-card';
import { DeviceScopeNote } from '../../features/search/device-scope-note';
import { VisitorSearch } from '../../features/search/visitor-search';
import '../../features/burials/burials.css';
import '../../features/search/search.css';

export default function SearchResultsPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  // ?cemiterio=<id> narrows the search (a shared link keeps it); it becomes the device's choice.
  const cemiterio = params.get('cemiterio') || null;
  useEffect(() => {
    if (cemiterio && cemiterio !== chosenCemetery()) chooseCemetery(cemiterio);
  }, [cemiterio]);
  const { list } = useCemeteries();
  // Decided before the list arrives, so the cards do not grow a row under the reader (CLS): by
  // the server, on a page it rendered.
  const page = usePublicData();
  const several = list ? list.length > 1 : page?.kind === 'search' ? page.several : expectSeveral();
  const state = useSearchResults(q, cemiterio);
  const query = useMemo(() => parseQuery(q), [q]);

  return (
    <section className="search-page" aria-labelledby="search-title">
      <h1 id="search-title" data-title={q ? `Resultados: ${q}` : undefined}>
        Resultados da Pesquisa
      </h1>
      <VisitorSearch key={`${q}|${cemiterio ?? ''}`} initial={q} />
      {state.status === 'no-term' && <p className="search-hint">{SEARCH_MSG.noTerm}</p>}
      {q && (
        <p className="search-term">
          Você pesquisou: <strong>{q}</strong>
        </p>
      )}
      {state.status === 'loading' && (
        <p className="search-status" role="status">
          {SEARCH_MSG.searching}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="search-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'done' && (
        <>
          <p className="search-count" role="status">
            {resultCountText(state.outcome.total, state.outcome.totalIsLowerBound)}
          </p>
          {state.outcome.scope && <DeviceScopeNote scope={state.outcome.scope} />}
          {state.outcome.total === 0 ? (
            <p className="search-hint">{SEARCH_MSG.hint}</p>
          ) : (
            <div className="burial-card-grid search-results">
              {state.outcome.cards.map((card, i) => (
                <SearchResultCard
                  key={card.id}
                  first={i === 0}
                  card={card}
                  query={query}
                  fuzzy={state.outcome.fuzzy}
                  showCemetery={several}
                />
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
