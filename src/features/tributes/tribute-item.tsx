/**
 * One tribute in the list: avatar, author, date (pt-BR, 24 h), text, emojis, photo thumbnail
 * (opens the image modal) and, for its author or an admin, "Remover". Everything the author
 * wrote is rendered as React text, never as HTML.
 */
import { useState } from 'react';
import { PLACEHOLDERS, resolveImage } from '../../domain/burial-display';
import type { TributeItem } from '../../domain/tribute-types';
import { API_BASE } from '../../lib/api-base';
import { TRIBUTE_UI } from '../../lib/texts/tribute-texts';
import { formatTributeDate } from './tribute-format';

function Avatar({ file }: { file: string | null }) {
  const [failed, setFailed] = useState(false);
  const src = failed
    ? PLACEHOLDERS.avatar
    : resolveImage(file, PLACEHOLDERS.avatar, 'users', API_BASE);
  return (
    <img
      className="tribute-avatar"
      src={src}
      alt={TRIBUTE_UI.avatarAlt}
      width={44}
      height={44}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

export function TributeEntry({
  item,
  canDelete,
  deleting,
  onDelete,
  onOpenPhoto,
}: {
  item: TributeItem;
  canDelete: boolean;
  deleting: boolean;
  onDelete: (item: TributeItem) => void;
  onOpenPhoto: (id: string, opener: HTMLElement) => void;
}) {
  const thumb = item.imagemThumb ?? item.imagem;
  const date = formatTributeDate(item.createdAt);
  return (
    <li className="tribute" aria-busy={deleting || undefined}>
      <div className="tribute-head">
        <Avatar file={item.autorImage} />
        <div className="tribute-meta">
          <strong className="tribute-author">{item.autor}</strong>
          {date && (
            <time className="tribute-date" dateTime={item.createdAt}>
              {date}
            </time>
          )}
        </div>
      </div>
      {item.texto && <p className="tribute-text">{item.texto}</p>}
      {item.emojis.length > 0 && (
        <p
          className="tribute-emojis"
          role="img"
          aria-label={`${TRIBUTE_UI.emojisLabel}: ${item.emojis.join(' ')}`}
        >
          {item.emojis.join(' ')}
        </p>
      )}
      {thumb && (
        <button
          type="button"
          className="tribute-thumb"
          aria-label={TRIBUTE_UI.openPhoto(item.autor)}
          onClick={(e) => onOpenPhoto(item._id, e.currentTarget)}
        >
          <img
            src={resolveImage(thumb, '', 'comentarios', API_BASE)}
            alt={TRIBUTE_UI.photoAlt(item.autor)}
            loading="lazy"
          />
        </button>
      )}
      {canDelete && (
        <div className="tribute-foot">
          <button
            type="button"
            className="btn tribute-delete"
            aria-label={TRIBUTE_UI.deleteLabel(item.autor)}
            disabled={deleting}
            onClick={() => onDelete(item)}
          >
            {TRIBUTE_UI.deleteButton}
          </button>
        </div>
      )}
    </li>
  );
}
