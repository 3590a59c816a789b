/**
 * Where the detail page puts "Como chegar". With coordinates, the map section is
 * loaded lazily, and only once its place comes near the viewport (React.lazy behind
 * useNearViewport: Leaflet and its CSS never compete with the record's first paint); without them,
 * only the directions the record gives, and a word that the location is not registered yet.
 * The map's code is kept on the device with the record (keep-map-code.ts); when it still cannot
 * load, "Como chegar" keeps its heading and directions and says so, with a retry (part-boundary).
 */
import { Suspense, useRef } from 'react';
import type { LocalBurial } from '../../data/local-rows';
import { graveDirections, toLatLng } from '../../domain/geo';
import { MAP_MSG } from '../../domain/map-messages';
import { LOAD_TEXT } from '../../lib/texts/load-texts';
import { PartBoundary, retryableLazy } from '../../ui/part-boundary';
import { useNearViewport } from '../../ui/use-near-viewport';
import { loadMapSection, useKeepMapCode } from './keep-map-code';

const MapSection = retryableLazy(loadMapSection);

/** Until the map comes: the directions (text, no library needed) and the map's room kept. */
function MapPlaceholder({
  holder,
  directions,
}: {
  holder?: React.RefObject<HTMLElement | null>;
  directions: string;
}) {
  return (
    <section ref={holder} className="page detail-section map-loading" aria-labelledby="como-chegar">
      <h2 id="como-chegar">Como chegar</h2>
      {directions && <p className="map-directions">{directions}</p>}
      <p className="muted">Carregando o mapa…</p>
    </section>
  );
}

export function GraveLocation({ row }: { row: LocalBurial }) {
  const holder = useRef<HTMLElement>(null);
  const near = useNearViewport(holder);
  const grave = toLatLng(row.latitude, row.longitude);
  useKeepMapCode(grave !== null);
  const directions = graveDirections(row);
  if (!grave) {
    return (
      <section className="page detail-section" aria-labelledby="como-chegar">
        <h2 id="como-chegar">Como chegar</h2>
        {directions && <p className="map-directions">{directions}</p>}
        {/* A row with card fields only (seen in a list) may have coordinates not stored yet. */}
        {row.full && <p className="muted">{MAP_MSG.noCoordinates}</p>}
      </section>
    );
  }
  if (!near) return <MapPlaceholder holder={holder} directions={directions} />;
  return (
    <PartBoundary
      message={LOAD_TEXT.map}
      onRetry={MapSection.retry}
      fallback={(box) => (
        <section className="page detail-section" aria-labelledby="como-chegar">
          <h2 id="como-chegar">Como chegar</h2>
          {directions && <p className="directions">{directions}</p>}
          {box}
        </section>
      )}
    >
      <Suspense fallback={<MapPlaceholder directions={directions} />}>
        <MapSection grave={grave} row={row} />
      </Suspense>
    </PartBoundary>
  );
}
