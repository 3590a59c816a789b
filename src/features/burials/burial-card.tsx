/**
 * A home card (spec §2): photo, name, Rua, Quadra, Placa and "Mais detalhes". The photo
 * opens the enlarged overlay, except the placeholder, which does not expand.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { cardPhoto, type ShownBurial } from '../../data/burials';
import { displayText, PLACEHOLDERS } from '../../domain/burial-display';
import { TEXT } from '../../lib/texts/burial-texts';
import { BurialImage, imageUrl } from '../../ui/burial-image';
import { ImageOverlay } from './image-overlay';

/** `showCemetery`: with several cemeteries the card says which one the grave is in. */
export function BurialCard({
  row,
  showCemetery = false,
}: {
  row: ShownBurial;
  showCemetery?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const photo = cardPhoto(row);
  const image = (
    <BurialImage
      className="burial-card-photo"
      file={photo.thumb}
      placeholder={PLACEHOLDERS.home}
      alt={photo.thumb ? `Foto de ${row.nome}` : `Sem foto de ${row.nome}`}
      width={320}
      height={240}
    />
  );
  return (
    <article className="burial-card">
      {photo.full ? (
        <button
          type="button"
          className="burial-card-photo-button"
          aria-label={`Ampliar a foto de ${row.nome}`}
          onClick={() => setOpen(true)}
        >
          {image}
        </button>
      ) : (
        image
      )}
      <div className="burial-card-body">
        <h2 className="burial-card-name">{row.nome}</h2>
        <dl className="burial-card-data">
          {showCemetery && row.cemiterio && (
            <div>
              <dt>Cemitério</dt>
              <dd>{row.cemiterio}</dd>
            </div>
          )}
          <div>
            <dt>Rua</dt>
            <dd>{displayText(row.rua)}</dd>
          </div>
          <div>
            <dt>Quadra</dt>
            <dd>{displayText(row.quadra)}</dd>
          </div>
          <div>
            <dt>Placa</dt>
            <dd>{displayText(row.chapa)}</dd>
          </div>
        </dl>
        <Link
          className="btn burial-card-link"
          to={`/sepultados/${row.id}`}
          aria-label={`${TEXT.moreDetails} sobre ${row.nome}`}
        >
          {TEXT.moreDetails}
        </Link>
      </div>
      {open && photo.full && (
        <ImageOverlay
          src={imageUrl(photo.full, PLACEHOLDERS.home)}
          alt={`Foto de ${row.nome}`}
          onClose={() => setOpen(false)}
        />
      )}
    </article>
  );
}
