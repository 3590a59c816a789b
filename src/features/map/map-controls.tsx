/**
 * Buttons under the map that do what dragging and pinching do (WCAG 2.5.7): zoom in and out,
 * move the view a step north, west, east or south, and (in the middle) come back to the grave. Plain buttons
 * outside Leaflet's panes, so a tap on them never reaches the map's own drag and click
 * handlers, and each is a target of at least 44 px. A zoom button at its limit is disabled.
 */
import type L from 'leaflet';
import { useEffect, useState } from 'react';
import type { LatLng } from '../../domain/geo';
import { MAP_A11Y } from './map-texts';

/** Leaflet's own keyboard step (keyboardPanDelta), so the buttons and the arrow keys agree. */
const PAN_STEP = 80;

const PANS = [
  { label: MAP_A11Y.panNorth, glyph: '↑', by: [0, -PAN_STEP], area: 'n' },
  { label: MAP_A11Y.panWest, glyph: '←', by: [-PAN_STEP, 0], area: 'w' },
  { label: MAP_A11Y.panEast, glyph: '→', by: [PAN_STEP, 0], area: 'e' },
  { label: MAP_A11Y.panSouth, glyph: '↓', by: [0, PAN_STEP], area: 's' },
] as const;

export function MapControls({ map, grave }: { map: L.Map | null; grave: LatLng }) {
  const [zoom, setZoom] = useState<number | null>(null);
  const [moves, setMoves] = useState(0);
  useEffect(() => {
    if (!map) return;
    const update = () => setZoom(map.getZoom());
    const moved = () => setMoves((n) => n + 1);
    update();
    map.on('zoomend', update);
    map.on('moveend', moved);
    return () => {
      map.off('zoomend', update);
      map.off('moveend', moved);
    };
  }, [map]);
  const atMax = map !== null && zoom !== null && zoom >= map.getMaxZoom();
  const atMin = map !== null && zoom !== null && zoom <= map.getMinZoom();
  return (
    // data-zoom: the map's zoom as the buttons know it (what the e2e checks a press changed);
    // data-moves: how many moves (pans, zooms) have ended, so a test reads the map once it is
    // still instead of guessing how long Leaflet's animation takes.
    <fieldset
      className="map-controls"
      aria-label={MAP_A11Y.controls}
      data-zoom={zoom ?? undefined}
      data-moves={moves}
    >
      <div className="map-controls-zoom">
        <button
          type="button"
          className="btn map-control"
          aria-label={MAP_A11Y.zoomIn}
          disabled={!map || atMax}
          onClick={() => map?.zoomIn()}
        >
          <span aria-hidden="true">+</span>
        </button>
        <button
          type="button"
          className="btn map-control"
          aria-label={MAP_A11Y.zoomOut}
          disabled={!map || atMin}
          onClick={() => map?.zoomOut()}
        >
          <span aria-hidden="true">−</span>
        </button>
      </div>
      <div className="map-controls-pan">
        {PANS.map((pan) => (
          <button
            key={pan.area}
            type="button"
            className={`btn map-control map-control-${pan.area}`}
            aria-label={pan.label}
            disabled={!map}
            onClick={() => map?.panBy([pan.by[0], pan.by[1]])}
          >
            <span aria-hidden="true">{pan.glyph}</span>
          </button>
        ))}
        {/* In the rose's middle: back to where the map started. */}
        <button
          type="button"
          className="btn map-control map-control-c"
          aria-label={MAP_A11Y.center}
          title={MAP_A11Y.center}
          disabled={!map}
          onClick={() => map?.setView([grave.lat, grave.lng], Math.max(map.getZoom(), 18))}
        >
          <span aria-hidden="true">◎</span>
        </button>
      </div>
    </fieldset>
  );
}
