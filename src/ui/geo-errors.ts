/** A GeolocationPositionError (or its absence) → the pt-BR sentence the person reads. */
import { MAP_MSG } from '../domain/map-messages';

export function geoErrorText(err: GeolocationPositionError | null | 'unsupported'): string {
  if (err === 'unsupported' || err === null) return MAP_MSG.geoUnsupported;
  if (err.code === err.PERMISSION_DENIED) return MAP_MSG.geoDenied;
  if (err.code === err.TIMEOUT) return MAP_MSG.geoTimeout;
  return MAP_MSG.geoUnavailable;
}

export function hasGeolocation(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator;
}
