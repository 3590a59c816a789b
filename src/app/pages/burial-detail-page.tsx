/**
 * Burial detail, /sepultados/:id (spec §2): the name as title ("Carregando..." while
 * loading), the photo carousel, the data sections, "Como chegar" (map, lazy) and the QR code,
 * and the tributes (lazy too: tributes-slot). Reads the Dexie row (useBurial), so a page
 * opened once shows again without signal, with the person's unsent correction over it.
 * Composed here, in the app, because it brings four features together: burials, map, outbox
 * and tributes.
 */
import { Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { unsentEdit, useBurial, withPendingEdit } from '../../data/burials';
import { useRecordOutbox } from '../../data/outbox';
import { useSession } from '../../data/session';
import { MAP_MSG } from '../../domain/map-messages';
import { busyDeviceCopyText, OUTCOME_MSG } from '../../domain/outcome';
import { can } from '../../domain/permissions';
import { DetailSections } from '../../features/burials/detail-sections';
import { EditLink } from '../../features/burials/edit-link';
import { PhotoCarousel } from '../../features/burials/photo-carousel';
import { GraveLocation, recordGravePlace } from '../../features/map/grave-location';
import { QrSection } from '../../features/map/qr-section';
import { latestEdit, PendingEditNotice } from '../../features/outbox/pending-edit-notice';
import { TributesSlot } from '../../features/tributes/tributes-slot';
import { CustodySlot } from '../../features/work-orders/custody-slot';
import { TEXT } from '../../lib/texts/burial-texts';
import { LOAD_TEXT } from '../../lib/texts/load-texts';
import { PartBoundary, retryableLazy } from '../../ui/part-boundary';
import '../../features/burials/burials.css';

// The history is for the office and the assigned concessionário only: its code never rides on
// a visitor's QR landing.
const HistorySection = retryableLazy<{ kind: 'sepultados'; id: string }>(() =>
  import('../../features/audit/history-section').then((m) => ({ default: m.HistorySection })),
);

export default function DetailPage() {
  const { id = '' } = useParams();
  const { row: stored, fetch } = useBurial(id);
  const outbox = useRecordOutbox(id);
  // A visitor's start is the public search (spec §2: / needs a login and would send them to
  // /login); a person logged in goes home.
  const visitor = useSession().status === 'anonymous';
  // The person's unsent correction shows at once, over the stored record.
  const row = stored ? withPendingEdit(stored, unsentEdit(outbox)) : stored;
  const session = useSession();
  const actor =
    session.status === 'authenticated' && session.auth
      ? { id: session.auth.userId, role: session.auth.role }
      : null;
  // The admin and the concessionários assigned to it; the public never sees it.
  const mayReadHistory = can(actor, 'burial:history', { assigned: row?.concessionarios ?? [] });

  if (fetch.phase === 'notFound' || (!row && fetch.phase === 'failed')) {
    const offline = fetch.phase === 'failed' && fetch.offline;
    const busy = fetch.phase === 'failed' && fetch.busyUntil !== null;
    return (
      <section className="page detail-missing">
        <h1>{fetch.phase === 'notFound' ? fetch.message : TEXT.detailLoadError}</h1>
        {offline && <p className="muted">{TEXT.detailOffline}</p>}
        {busy && (
          <p className="muted" role="status">
            {OUTCOME_MSG.busy}
          </p>
        )}
        <p>
          <Link to={visitor ? '/sepultados/pesquisa' : '/'} className="btn">
            {visitor ? TEXT.backToSearch : TEXT.backHome}
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
    <div className="burial-detail">
      <section className="page detail-head">
        <h1>{row.nome}</h1>
        {fetch.phase === 'failed' && (
          <p
            className="form-alert"
            role={fetch.offline || fetch.busyUntil !== null ? 'status' : 'alert'}
          >
            {fetch.busyUntil !== null
              ? busyDeviceCopyText(fetch.busyUntil)
              : fetch.offline
                ? TEXT.deviceCopyOffline
                : `${TEXT.detailLoadError} ${TEXT.deviceCopy}`}
          </p>
        )}
        <EditLink id={row.id} assigned={row.concessionarios} />
        <PendingEditNotice item={latestEdit(outbox)} />
        <PhotoCarousel key={row.id} images={row.images ?? []} nome={row.nome} />
      </section>
      <DetailSections row={row} />
      {/* A row with card fields only (seen in a list) may have coordinates not stored yet. */}
      <GraveLocation
        place={recordGravePlace(row)}
        noPosition={row.full ? MAP_MSG.noCoordinates : null}
      />
      <QrSection id={row.id} nome={row.nome} />
      <CustodySlot id={row.id} />
      <TributesSlot sepultadoId={row.id} knownCount={row.homenagens} />
      {mayReadHistory && (
        <PartBoundary message={LOAD_TEXT.history} onRetry={HistorySection.retry}>
          <Suspense fallback={null}>
            <HistorySection key={row.id} kind="sepultados" id={row.id} />
          </Suspense>
        </PartBoundary>
      )}
    </div>
  );
}
