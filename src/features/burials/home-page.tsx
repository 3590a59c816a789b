/**
 * Home, "/" (spec §2): "Recentes", a grid of burial cards read from the Dexie read model. With
 * several cemeteries it also offers the cemetery choice that narrows the navbar's search and
 * suggestions (and links to the chosen cemetery's page); with one, nothing changes.
 */
import { Link } from 'react-router-dom';
import { useHomeList } from '../../data/burials';
import {
  chooseCemetery,
  expectSeveral,
  narrowingOf,
  useCemeteries,
  useChosenCemetery,
} from '../../data/cemeteries';
import { TEXT } from '../../lib/texts/burial-texts';
import { CemeteryChoice } from '../../ui/cemetery-choice';
import { BurialCard } from './burial-card';
import './burials.css';

export default function HomePage() {
  const { rows } = useHomeList();
  const { list } = useCemeteries();
  const cemiterio = narrowingOf(list, useChosenCemetery());
  const chosen = list?.find((c) => c.id === cemiterio);
  // Decided before the list arrives, so the cards do not grow a row under the reader (CLS).
  const several = list ? list.length > 1 : expectSeveral();
  return (
    <section className="burial-home">
      <h1>{TEXT.homeTitle}</h1>
      <CemeteryChoice
        className="burial-home-cemetery"
        cemeteries={list}
        value={cemiterio}
        onChange={chooseCemetery}
        reserve={several}
      />
      {chosen && (
        <p className="burial-home-cemetery-link">
          <Link to={`/cemiterios/${chosen.id}`}>Sobre o {chosen.nome}</Link>
        </p>
      )}
      {rows === null && <p className="loading">{TEXT.loading}</p>}
      {rows?.length === 0 && <p className="burial-empty">{TEXT.homeEmpty}</p>}
      {rows && rows.length > 0 && (
        <div className="burial-card-grid">
          {rows.map((row) => (
            <BurialCard key={row.id} row={row} showCemetery={several} />
          ))}
        </div>
      )}
    </section>
  );
}
