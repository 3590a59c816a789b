/**
 * From the visit pack's page to the search a visitor came for: with or without an account, and
 * without signal once the pack is on the phone (the results page answers from it).
 */
import { Link } from 'react-router-dom';

export function PackSearchLink() {
  return (
    <p className="pack-search">
      <Link className="btn" to="/sepultados/pesquisa">
        Procurar sepultado
      </Link>
    </p>
  );
}
