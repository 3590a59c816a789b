/**
 * Where the detail page puts "Como chegar" (issue 8). With coordinates, the map section is
 * loaded lazily (React.lazy: Leaflet and its CSS stay out of the first load); without them,
 * only the directions the record gives, and a word that the location is not registered yet.
 */
import { lazy, Suspense } from 'react';
import type { LocalSepultado } from '../../data/db';
import { graveDirections, toLatLng } from '../../domain/geo';
import { MAP_MSG } from '../../domain/map-messages';

const MapSection = lazy(() => import('./map-section'));

export function GraveLocation({ row }: { row: LocalSepultado }) {
  const grave = toLatLng(row.latitude, row.longitude);
  const directions = graveDirections(row);
  if (!grave) {
    return (
      <section className="page detail-section" aria-labelledby="como-chegar">
        <h2 id="como-chegar">Como chegar</h2>
        {directions && <p className="directions">{directions}</p>}
        {/* A row with card fields only (seen in a list) may have coordinates not stored yet. */}
        {row.full && <p className="muted">{MAP_MSG.noCoordinates}</p>}
      </section>
    );
  }
  return (
    <Suspense
      fallback={
        <section className="page detail-section map-loading">
          <h2>Como chegar</h2>
          <p className="muted">Carregando o mapa…</p>
        </section>
      }
    >
      <MapSection
        grave={grave}
        nome={row.nome}
        rua={row.rua}
        quadra={row.quadra}
        chapa={row.chapa}
      />
    </Suspense>
  );
}
