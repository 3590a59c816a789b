/** Home, "/" (spec §2): "Recentes", a grid of burial cards read from the Dexie read model. */

import { useHomeList } from '../../data/burials/use-home-list';
import { TEXT } from '../../lib/texts/burial-texts';
import { BurialCard } from './burial-card';
import './burials.css';

export default function HomePage() {
  const { rows } = useHomeList();
  return (
    <section className="home">
      <h1>{TEXT.homeTitle}</h1>
      {rows === null && <p className="loading">{TEXT.loading}</p>}
      {rows?.length === 0 && <p className="empty">{TEXT.homeEmpty}</p>}
      {rows && rows.length > 0 && (
        <div className="card-grid">
          {rows.map((row) => (
            <BurialCard key={row.id} row={row} />
          ))}
        </div>
      )}
    </section>
  );
}
