/**
 * Burial detail, /sepultados/:id (spec §2): the name as title ("Carregando..." while
 * loading), the photo carousel, the data sections, "Como chegar" (map, lazy) and the QR code
 * (issue 8), and the tributes. Reads the Dexie row (useSepultado), so a page opened once
 * shows again without signal, with the person's unsent correction over it (issue 7).
 */
import { Link, useParams } from 'react-router-dom';
import { GraveLocation } from '../map/grave-location';
import { QrSection } from '../map/qr-section';
import { latestEdit, PendingEditNotice } from '../outbox/pending-edit-notice';
import { useRecordOutbox } from '../outbox/use-outbox';
import { TributesSection } from '../tributes/tributes-section';
import { useSepultado } from './api/use-sepultado';
import { DetailSections } from './detail-sections';
import { EditLink } from './edit-link';
import { unsentEdit, withPendingEdit } from './edit-outbox';
import { PhotoCarousel } from './photo-carousel';
import { TEXT } from './texts';
import './burials.css';

export default function DetailPage() {
  const { id = '' } = useParams();
  const { row: stored, fetch } = useSepultado(id);
  const outbox = useRecordOutbox(id);
  // The person's unsent correction shows at once, over the stored record.
  const row = stored ? withPendingEdit(stored, unsentEdit(outbox)) : stored;

  if (fetch.phase === 'notFound' || (!row && fetch.phase === 'failed')) {
    const offline = fetch.phase === 'failed' && fetch.offline;
    return (
      <section className="page detail-missing">
        <h1>{fetch.phase === 'notFound' ? fetch.message : TEXT.detailLoadError}</h1>
        {offline && <p className="muted">{TEXT.detailOffline}</p>}
        <p>
          <Link to="/" className="btn">
            Voltar para o início
          </Link>
        </p>
      </section>
    );
  }

  if (!row) {
    return (
      <section className="page">
        <h1 aria-busy="true">{TEXT.loading}</h1>
      </section>
    );
  }

  return (
    <div className="detail">
      <section className="page detail-head">
        <h1>{row.nome}</h1>
        {fetch.phase === 'failed' && (
          <p className="form-alert" role={fetch.offline ? 'status' : 'alert'}>
            {fetch.offline ? TEXT.deviceCopyOffline : `${TEXT.detailLoadError} ${TEXT.deviceCopy}`}
          </p>
        )}
        <EditLink id={row.id} assigned={row.concessionarios} />
        <PendingEditNotice item={latestEdit(outbox)} />
        <PhotoCarousel key={row.id} images={row.images ?? []} nome={row.nome} />
      </section>
      <DetailSections row={row} />
      <GraveLocation row={row} />
      <QrSection id={row.id} nome={row.nome} />
      <TributesSection sepultadoId={row.id} />
    </div>
  );
}
