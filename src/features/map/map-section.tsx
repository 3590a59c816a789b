/**
 * "Como chegar" on the detail page (issue 8), loaded lazily so Leaflet is not in the first load:
 * the directions the record gives, the map, and — after the person taps "Como chegar" — their
 * position, distance, arrow and "Você chegou". Opening it online refreshes the cemetery plan
 * kept on the device (precachePlan); offline it draws what is kept.
 */
import { useEffect, useState } from 'react';
import { ApiFailure } from '../../data/api';
import { graveDirections, type LatLng } from '../../domain/geo';
import { GraveMap } from './grave-map';
import { precachePlan } from './plan-offline';
import { askCompassPermission, useHeading } from './use-heading';
import { useOnline } from './use-online';
import { usePosition } from './use-position';
import { useStoredPlan } from './use-stored-plan';
import { WayfindingPanel } from './wayfinding-panel';
import './map.css';

interface Props {
  grave: LatLng;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
}

export default function MapSection({ grave, nome, rua, quadra, chapa }: Props) {
  const online = useOnline();
  const plan = useStoredPlan();
  const [guiding, setGuiding] = useState(false);
  const [planError, setPlanError] = useState<string | null>(null);
  const { fix, error } = usePosition(guiding);
  const { heading, source } = useHeading(guiding, fix);

  useEffect(() => {
    if (!online) return;
    let live = true;
    precachePlan().then(
      () => live && setPlanError(null),
      (err: unknown) => {
        // Without signal the stored plan is what there is; anything else is worth saying.
        if (live && err instanceof ApiFailure && !err.offline) setPlanError(err.message);
      },
    );
    return () => {
      live = false;
    };
  }, [online]);

  async function start() {
    await askCompassPermission();
    setGuiding(true);
  }

  return (
    <section className="page detail-section map-section" aria-labelledby="como-chegar">
      <h2 id="como-chegar">Como chegar</h2>
      <p className="directions">{graveDirections({ rua, quadra, chapa })}</p>
      <GraveMap grave={grave} nome={nome} plan={plan} fix={fix} online={online} />
      {!online && !plan && (
        <p className="muted small">
          Sem conexão e sem o plano do cemitério neste aparelho: o mapa mostra só a sepultura.
        </p>
      )}
      {planError && <p className="muted small">{planError}</p>}
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
