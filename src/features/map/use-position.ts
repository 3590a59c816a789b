/**
 * The person's position while "Como chegar" is on: watchPosition with high accuracy,
 * started only after the person asked (so the permission prompt follows a tap), stopped when the
 * page closes. Needs no network: the fix comes from the device's GPS.
 */
import { useEffect, useState } from 'react';
import type { Reading } from '../../domain/geo';
import { geoErrorText, hasGeolocation } from '../../ui/geo-errors';

export interface Fix extends Reading {
  /** Degrees from north as the device reports it while moving, when it does. */
  heading: number | null;
  at: number;
}

interface PositionState {
  fix: Fix | null;
  error: string | null;
}

export function usePosition(active: boolean): PositionState {
  const [state, setState] = useState<PositionState>({ fix: null, error: null });

  useEffect(() => {
    if (!active) return;
    if (!hasGeolocation()) {
      setState({ fix: null, error: geoErrorText('unsupported') });
      return;
    }
    const id = navigator.geolocation.watchPosition(
      (p) => {
        const heading = p.coords.heading;
        setState({
          fix: {
            lat: p.coords.latitude,
            lng: p.coords.longitude,
            accuracy: p.coords.accuracy,
            heading: heading !== null && Number.isFinite(heading) ? heading : null,
            at: p.timestamp,
          },
          error: null,
        });
      },
      // A later fix clears the error; until then the last known position stays on the map.
      (err) => setState((s) => ({ ...s, error: geoErrorText(err) })),
      { enableHighAccuracy: true, maximumAge: 2_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [active]);

  return state;
}
