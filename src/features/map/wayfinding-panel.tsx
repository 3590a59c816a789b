/**
 * "Como chegar" read-out: distance in metres, an arrow toward the grave turned by the
 * person's heading (or relative to north, said in words), the fix's accuracy, and "Você chegou"
 * within that accuracy. Everything is computed on the device: it works in airplane mode.
 */
import {
  arrowRotation,
  bearingDegrees,
  distanceMeters,
  formatDistance,
  hasArrived,
  type LatLng,
} from '../../domain/geo';
import { accuracyText, MAP_MSG } from '../../domain/map-messages';
import type { HeadingSource } from './use-heading';
import type { Fix } from './use-position';

const HEADING_NOTE: Record<HeadingSource, string> = {
  compass: 'A seta usa a bússola do aparelho.',
  movement: 'A seta usa a direção em que você está andando.',
  none: 'Sem bússola: a seta aponta em relação ao norte (topo do mapa). Ande alguns passos para ela seguir você.',
};

interface Props {
  grave: LatLng;
  fix: Fix | null;
  heading: number | null;
  source: HeadingSource;
}

export function WayfindingPanel({ grave, fix, heading, source }: Props) {
  if (!fix) {
    return (
      <p className="muted" role="status">
        Procurando sua localização…
      </p>
    );
  }
  const distance = distanceMeters(fix, grave);
  const arrived = hasArrived(distance, fix.accuracy);
  const rotation = Math.round(arrowRotation(bearingDegrees(fix, grave), heading));
  return (
    <div className="map-wayfinding" role="status" aria-live="polite">
      {arrived ? (
        <p className="map-arrived">{MAP_MSG.arrived}</p>
      ) : (
        <div className="map-wayfinding-row">
          <svg
            className="map-wayfinding-arrow"
            viewBox="0 0 48 48"
            width="64"
            height="64"
            role="img"
            aria-label={`Seta para a sepultura, ${rotation} graus`}
            data-rotation={rotation}
            style={{ transform: `rotate(${rotation}deg)` }}
          >
            <path d="M24 3 40 42 24 33 8 42z" fill="currentColor" />
          </svg>
          <p className="map-wayfinding-distance">
            <span className="muted">Distância</span>{' '}
            <strong data-meters={Math.round(distance)}>{formatDistance(distance)}</strong>
          </p>
        </div>
      )}
      <p className="muted">{accuracyText(fix.accuracy)}</p>
      {!arrived && <p className="muted map-small">{HEADING_NOTE[source]}</p>}
    </div>
  );
}
