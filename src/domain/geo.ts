/**
 * Geographic rules shared by the map, the wayfinding, the GPS capture of the burial form and the
 * server's cemetery plan. Pure functions, no browser API: the same copy runs in the
 * page, the service worker and the server.
 *
 * Distances use the haversine formula on a sphere of the mean Earth radius (6 371 008.8 m): over
 * a cemetery (< 2 km) its error against the ellipsoid is well under a metre, far below what a
 * phone's GPS gives.
 */

export const EARTH_RADIUS_M = 6_371_008.8;

/** Worse than this (metres), a captured position is flagged to the person. */
export const GOOD_ACCURACY_M = 20;

/**
 * "Você chegou" is shown within the fix's accuracy, but never under 5 m (a ±2 m fix would
 * otherwise ask the person to stand on the plate) nor over 30 m (a ±80 m fix in a closed
 * street says nothing about being at the grave).
 */
export const ARRIVAL_MIN_M = 5;
export const ARRIVAL_MAX_M = 30;

export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * A grave as the map shows it, whoever asks (a record's page, a work order's): whose it is (the
 * marker's and the map's accessible names), where (null: no position registered), the way there
 * in words, and the cemetery whose plan is drawn — its id when the caller knows it (an order),
 * else its name, found on the device (a record names its cemetery only by name).
 */
export interface GravePlace {
  nome: string;
  grave: LatLng | null;
  directions: string;
  cemiterioId?: string | null;
  cemiterio?: string | null;
}

/** A position reading with its accuracy radius in metres (as the Geolocation API gives it). */
export interface Reading extends LatLng {
  accuracy: number;
}

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

export function isLatitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isLongitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;
}

/** A record's coordinates, or null when either is missing or out of range. */
export function toLatLng(lat: unknown, lng: unknown): LatLng | null {
  if (lat === null || lat === undefined || lng === null || lng === undefined) return null;
  const a = typeof lat === 'string' ? Number(lat) : lat;
  const b = typeof lng === 'string' ? Number(lng) : lng;
  return isLatitude(a) && isLongitude(b) ? { lat: a, lng: b } : null;
}

/** Great-circle distance in metres (haversine). */
export function distanceMeters(from: LatLng, to: LatLng): number {
  const dLat = rad(to.lat - from.lat);
  const dLng = rad(to.lng - from.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(from.lat)) * Math.cos(rad(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from `from` to `to`, degrees clockwise from true north in [0, 360). */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const φ1 = rad(from.lat);
  const φ2 = rad(to.lat);
  const Δλ = rad(to.lng - from.lng);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return normalizeDegrees(deg(Math.atan2(y, x)));
}

/** Any angle → [0, 360). */
export function normalizeDegrees(value: number): number {
  const r = value % 360;
  return r < 0 ? r + 360 : r === 0 ? 0 : r;
}

/**
 * How far to turn the arrow: the bearing to the grave relative to where the person faces
 * (heading, degrees from north), or relative to north when no heading is known.
 */
export function arrowRotation(bearing: number, heading: number | null): number {
  return normalizeDegrees(bearing - (heading ?? 0));
}

/**
 * Readings averaged with weights 1/accuracy² (the inverse variance: a ±5 m fix counts 16 times
 * a ±20 m one). The result's accuracy is not the combined standard error but the best single
 * reading's: GPS errors of successive fixes are correlated, so averaging five does not truly
 * divide the error by √5 as 1/√Σw would claim. Readings with a non-positive or non-finite
 * accuracy, or impossible coordinates, are ignored. Null when none is usable.
 */
export function averageReadings(readings: readonly Reading[]): Reading | null {
  const usable = readings.filter(
    (r) => isLatitude(r.lat) && isLongitude(r.lng) && Number.isFinite(r.accuracy) && r.accuracy > 0,
  );
  if (usable.length === 0) return null;
  let sumW = 0;
  let lat = 0;
  let lng = 0;
  for (const r of usable) {
    const w = 1 / (r.accuracy * r.accuracy);
    sumW += w;
    lat += r.lat * w;
    lng += r.lng * w;
  }
  const best = Math.min(...usable.map((r) => r.accuracy));
  return { lat: lat / sumW, lng: lng / sumW, accuracy: best };
}

/** True when the accuracy is worse than the 20 m the register wants for a grave. */
export function isPoorAccuracy(accuracy: number): boolean {
  return !(accuracy <= GOOD_ACCURACY_M);
}

/** The radius within which the person is told they arrived, for a fix of this accuracy. */
export function arrivalRadius(accuracy: number): number {
  if (!Number.isFinite(accuracy)) return ARRIVAL_MIN_M;
  return Math.min(ARRIVAL_MAX_M, Math.max(ARRIVAL_MIN_M, accuracy));
}

/** "Você chegou": the grave is within the fix's accuracy (bounded, see arrivalRadius). */
export function hasArrived(distance: number, accuracy: number): boolean {
  return distance <= arrivalRadius(accuracy);
}

/** Coordinates rounded for storage/display: 7 decimals is ~1 cm, more is noise. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

/** A coordinate as a person reads it: -43.502300000000005 → "-43.5023" (at most 7 decimals). */
export function formatCoordinate(value: number): string {
  return String(roundCoordinate(value));
}

export const BOUNDS_MSG = {
  south: 'Informe a latitude sul entre -90 e 90.',
  north: 'Informe a latitude norte entre -90 e 90.',
  west: 'Informe a longitude oeste entre -180 e 180.',
  east: 'Informe a longitude leste entre -180 e 180.',
  order: 'A latitude sul deve ser menor que a norte.',
  orderLng: 'A longitude oeste deve ser menor que a leste.',
} as const;

/** The first problem with a plan's corners as { field, message }, or null when they are valid. */
export function validateBounds(b: Partial<Record<keyof Bounds, unknown>>): {
  field: keyof Bounds;
  message: string;
} | null {
  if (!isLatitude(b.south)) return { field: 'south', message: BOUNDS_MSG.south };
  if (!isLatitude(b.north)) return { field: 'north', message: BOUNDS_MSG.north };
  if (!isLongitude(b.west)) return { field: 'west', message: BOUNDS_MSG.west };
  if (!isLongitude(b.east)) return { field: 'east', message: BOUNDS_MSG.east };
  if (b.south >= b.north) return { field: 'south', message: BOUNDS_MSG.order };
  if (b.west >= b.east) return { field: 'west', message: BOUNDS_MSG.orderLng };
  return null;
}

/** Metres as a person reads them: "850 m", "1,2 km" (pt-BR decimal comma). */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  return `${(meters / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} km`;
}

/**
 * The walking directions the record itself gives: "Rua 3 → Quadra 12 → Placa 0458". A value that
 * already starts with its word ("Rua das Flores") is not prefixed twice; empty parts are left out.
 */
export function graveDirections(place: {
  rua?: string | null;
  quadra?: string | null;
  chapa?: string | null;
}): string {
  const part = (word: string, value: string | null | undefined) => {
    const v = (value ?? '').trim();
    if (!v) return null;
    return v.toLowerCase().startsWith(word.toLowerCase()) ? v : `${word} ${v}`;
  };
  return [part('Rua', place.rua), part('Quadra', place.quadra), part('Placa', place.chapa)]
    .filter((p): p is string => p !== null)
    .join(' → ');
}
