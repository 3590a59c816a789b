/**
 * The phone's position for the visit pack's offer, only when it can be had without a surprise
 * prompt: read at once when the permission is already granted, else when the visitor asks
 * ("Usar minha localização…"). Null until known.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LatLng } from '../../domain/geo';

type PositionState =
  | { phase: 'unknown' }
  | { phase: 'locating' }
  | { phase: 'known'; at: LatLng }
  | { phase: 'failed' };

export function usePosition(wanted: boolean): { state: PositionState; ask: () => void } {
  const [state, setState] = useState<PositionState>({ phase: 'unknown' });
  const ask = useCallback(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ phase: 'failed' });
      return;
    }
    setState({ phase: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) => setState({ phase: 'known', at: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      () => setState({ phase: 'failed' }),
      { maximumAge: 5 * 60_000, timeout: 15_000 },
    );
  }, []);
  useEffect(() => {
    if (!wanted || typeof navigator === 'undefined' || !navigator.permissions?.query) return;
    let live = true;
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (live && status.state === 'granted') ask();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted, ask]);
  return { state, ask };
}
