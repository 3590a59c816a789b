/**
 * A search result card (spec §2): photo, name, Rua, Quadra, Placa and "Mais detalhes", with
 * the words that matched marked (<mark>) by the domain's accent-insensitive highlighter. The
 * home card shows plain text, hence this small card beside it.
 */
import { Link } from 'react-router-dom';
import { DISPLAY, displayText, PLACEHOLDERS } from '../../domain/burial-display';
import { highlightParts } from '../../domain/search-highlight';
import type { SearchQuery } from '../../domain/search-query';
import type { SearchCard } from '../../domain/search-types';
import { TEXT } from '../../lib/texts/burial-texts';
import { BurialImage } from '../../ui/burial-image';

interface Props {
  card: SearchCard;
  query: SearchQuery;
  /** Whether words matched by typo; null when unknown (server answers). */
  fuzzy: boolean | null;
  /** With several cemeteries, the card says which one the grave is in. */
  showCemetery?: boolean;
  /**
   * The first card of the page: its photo is on screen when the page opens (the results' largest
   * paint), so it is fetched at once and first, not when the lazy loader reaches it.
   */
  first?: boolean;
}

export function SearchResultCard({
  card,
  query,
  fuzzy,
  showCemetery = false,
  first = false,
}: Props) {
  const fields = [card.nome, card.rua, card.quadra, card.chapa];
  // The server does not say when it matched by typo: mark typo matches only when nothing
  // matches exactly, so a fuzzy hit still shows why it is there.
  const typo = fuzzy ?? !fields.some((f) => highlightParts(f, query).some((part) => part.match));
  const marked = (text: string | null) => (
    <Marked text={displayText(text, DISPLAY.unknownCard)} query={query} fuzzy={typo} raw={text} />
  );
  const photo = card.thumb ?? card.image;
  return (
    <article className="burial-card burial-search-card">
      <BurialImage
        className="burial-card-photo"
        file={photo}
        placeholder={PLACEHOLDERS.home}
        alt={photo ? `Foto de ${card.nome}` : `Sem foto de ${card.nome}`}
        width={320}
        height={240}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
      />
      <div className="burial-card-body">
        <h2 className="burial-card-name">{marked(card.nome)}</h2>
        <dl className="burial-card-data">
          {showCemetery && card.cemiterio && (
            <div>
              <dt>Cemitério</dt>
              <dd>{card.cemiterio}</dd>
            </div>
          )}
          <div>
            <dt>Rua</dt>
            <dd>{marked(card.rua)}</dd>
          </div>
          <div>
            <dt>Quadra</dt>
            <dd>{marked(card.quadra)}</dd>
          </div>
          <div>
            <dt>Placa</dt>
            <dd>{marked(card.chapa)}</dd>
          </div>
        </dl>
        <Link
          className="btn burial-card-link"
          to={`/sepultados/${card.id}`}
          aria-label={`${TEXT.moreDetails} sobre ${card.nome}`}
        >
          {TEXT.moreDetails}
        </Link>
      </div>
    </article>
  );
}

function Marked(props: { text: string; raw: string | null; query: SearchQuery; fuzzy: boolean }) {
  // Placeholder texts ("Não informado") are never marked: only the record's own text.
  if (!props.raw) return <>{props.text}</>;
  return (
    <>
      {highlightParts(props.text, props.query, props.fuzzy).map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
          <mark key={i}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
