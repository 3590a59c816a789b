/**
 * "Como chegar" for a grave (a record's page, a work order's), loaded lazily so Leaflet is not in
 * the first load: the way there in words, the map, and — after the person taps "Como chegar" —
 * their position, distance, arrow and "Você chegou". The plan drawn is the grave's cemetery's
 * (its id, or its name through plan-cemetery.ts); opening it online refreshes that plan on the
 * device (precachePlan); offline it draws what is kept (the visit pack keeps its cemetery's,
 * the crew's day the plans of its orders' cemeteries).
 */
import { useState } from 'react';
import { ApiFailure } from '../../data/failure';
import { planCemetery, precachePlan, useStoredPlan } from '../../data/plan';
import type { GravePlace, LatLng } from '../../domain/geo';
import { useLoad } from '../../lib/use-load';
import { useOnline } from '../../ui/use-online';
import { GraveMap } from './grave-map';
import { askCompassPermission, useHeading } from './use-heading';
import { usePosition } from './use-position';
import { WayfindingPanel } from './wayfinding-panel';
import './map.css';

export default function MapSection({ place }: { place: GravePlace & { grave: LatLng } }) {
  const { nome, grave, directions, cemiterioId, cemiterio: cemeteryName } = place;
  const online = useOnline();
  // The cemetery whose plan is drawn: undefined until known (the last one while asking again).
  const found = useLoad(
    () =>
      cemiterioId
        ? Promise.resolve(cemiterioId)
        : planCemetery(cemeteryName, online).catch(() => null),
    [cemiterioId, cemeteryName, online],
  ).state;
  const cemiterio =
    found.phase === 'done' ? found.value : found.phase === 'loading' ? found.last : undefined;
  const plan = useStoredPlan(cemiterio);
  const [guiding, setGuiding] = useState(false);
  const { fix, error } = usePosition(guiding);
  const { heading, source } = useHeading(guiding, fix);

  // Online, the kept plan is refreshed; without signal the stored plan is what there is, and
  // any other failure is worth saying.
  const refreshed = useLoad(
    online && cemiterio !== undefined ? () => precachePlan(cemiterio) : null,
    [online, cemiterio],
  ).state;
  const planError =
    refreshed.phase === 'failed' &&
    refreshed.error instanceof ApiFailure &&
    !refreshed.error.offline
      ? refreshed.error.message
      : null;

  async function start() {
    await askCompassPermission();
    setGuiding(true);
  }

  return (
    <section className="page detail-section map-section" aria-labelledby="como-chegar">
      <h2 id="como-chegar">Como chegar</h2>
      {directions && <p className="map-directions">{directions}</p>}
      <GraveMap grave={grave} nome={nome} plan={plan} fix={fix} online={online} />
      {!online && !plan && (
        <p className="muted map-small">
          Sem conexão e sem o plano do cemitério neste aparelho: o mapa mostra só a sepultura.
        </p>
      )}
      {planError && <p className="muted map-small">{planError}</p>}
      {guiding ? (
        <>
          {error && (
            <p className="form-alert" role="alert">
              {error}
            </p>
          )}
          <WayfindingPanel grave={grave} fix={fix} heading={heading} source={source} />
          <button type="button" className="btn btn-small" onClick={() => setGuiding(false)}>
            Parar
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => void start()}>
          Como chegar
        </button>
      )}
    </section>
  );
}
