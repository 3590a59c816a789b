/**
 * Which cemetery a visitor is at or nearest to, for the visit pack's offer: the distance from a
 * position to a cemetery's area (0 inside its bounds, else to the nearest edge), or to its
 * entrance when it has no bounds. Pure (src/domain): no DOM, no Geolocation API.
 */
import { type Bounds, distanceMeters, type LatLng } from './geo';

export interface PlacedCemetery {
  id: string;
  bounds: Bounds | null;
  latitude: number | null;
  longitude: number | null;
}

/** Metres from `at` to the cemetery, or null when it has neither bounds nor an entrance. */
export function distanceToCemetery(at: LatLng, c: PlacedCemetery): number | null {
  if (c.bounds) {
    const { south, north, west, east } = c.bounds;
    const nearest = {
      lat: Math.min(north, Math.max(south, at.lat)),
      lng: Math.min(east, Math.max(west, at.lng)),
    };
    return distanceMeters(at, nearest);
  }
  if (c.latitude !== null && c.longitude !== null) {
    return distanceMeters(at, { lat: c.latitude, lng: c.longitude });
  }
  return null;
}

/**
 * The cemeteries nearest first (those without a place keep their order, after the others),
 * each with its distance (null: unknown). Without a position, the list as given.
 */
export function nearestFirst<C extends PlacedCemetery>(
  list: readonly C[],
  at: LatLng | null,
): { cemetery: C; distance: number | null }[] {
  const rows = list.map((cemetery, i) => ({
    cemetery,
    distance: at ? distanceToCemetery(at, cemetery) : null,
    i,
  }));
  if (!at) return rows.map(({ cemetery, distance }) => ({ cemetery, distance }));
  rows.sort((a, b) => {
    if (a.distance === null || b.distance === null) {
      return a.distance === b.distance ? a.i - b.i : a.distance === null ? 1 : -1;
    }
    return a.distance - b.distance || a.i - b.i;
  });
  return rows.map(({ cemetery, distance }) => ({ cemetery, distance }));
}
