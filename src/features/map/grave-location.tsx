/**
 * Where a page puts "Como chegar" for a grave (a record's page, a work order's). With
 * coordinates, the map section is loaded lazily, and only once its place comes near the viewport
 * (React.lazy behind useNearViewport: Leaflet and its CSS never compete with the page's first
 * paint); without them, only the way there in words, and — when the page knows the grave has no
 * position — a word saying so. The map's code is kept on the device with the page that shows it
 * (keep-map-code.ts); when it still cannot load, "Como chegar" keeps its heading and directions
 * and says so, with a retry (part-boundary).
 */
import { Suspense, useRef } from 'react';
import type { ShownBurial } from '../../data/burials';
import { type GravePlace, graveDirections, toLatLng } from '../../domain/geo';
import { LOAD_TEXT } from '../../lib/texts/load-texts';
import { PartBoundary, retryableLazy } from '../../ui/part-boundary';
import { useNearViewport } from '../../ui/use-near-viewport';
import { loadMapSection, useKeepMapCode } from './keep-map-code';

const MapSection = retryableLazy(loadMapSection);

/** A record's grave: its cemetery is known by name only. */
export function recordGravePlace(row: ShownBurial): GravePlace {
  return {
    nome: row.nome,
    grave: toLatLng(row.latitude, row.longitude),
    directions: graveDirections(row),
    cemiterio: row.cemiterio ?? null,
  };
}

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

interface Props {
  place: GravePlace;
  /** Said when the grave has no position; null: nothing (the page may not know yet). */
  noPosition: string | null;
}

export function GraveLocation({ place, noPosition }: Props) {
  const holder = useRef<HTMLElement>(null);
  const near = useNearViewport(holder);
  const { grave, directions } = place;
  useKeepMapCode(grave !== null);
  if (!grave) {
    return (
      <section className="page detail-section" aria-labelledby="como-chegar">
        <h2 id="como-chegar">Como chegar</h2>
        {directions && <p className="map-directions">{directions}</p>}
        {noPosition && <p className="muted">{noPosition}</p>}
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
        <MapSection place={{ ...place, grave }} />
      </Suspense>
    </PartBoundary>
  );
}
