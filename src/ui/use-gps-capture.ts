/**
 * "Usar minha localização" for staff at the grave: a few readings (5, or as many as
 * come in 15 s) from watchPosition, averaged with weights by accuracy (src/domain/geo), so one
 * wild fix does not place the grave in the next quadra. Only fills the form: sending, online or
 * through the outbox, is the form's business.
 */
import { useEffect, useRef, useState } from 'react';
import { averageReadings, type Reading } from '../domain/geo';
import { MAP_MSG } from '../domain/map-messages';
import { geoErrorText, hasGeolocation } from './geo-errors';

const CAPTURE_READINGS = 5;
const CAPTURE_TIMEOUT_MS = 15_000;

type CaptureState =
  | { phase: 'idle' }
  | { phase: 'capturing'; count: number }
  | { phase: 'done'; result: Reading; count: number }
  | { phase: 'failed'; message: string };

export function useGpsCapture(onResult: (result: Reading) => void) {
  const [state, setState] = useState<CaptureState>({ phase: 'idle' });
  const stopRef = useRef<(() => void) | null>(null);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  useEffect(() => () => stopRef.current?.(), []);

  function start() {
    stopRef.current?.();
    if (!hasGeolocation()) {
      setState({ phase: 'failed', message: MAP_MSG.geoUnsupported });
      return;
    }
    const readings: Reading[] = [];
    let finished = false;
    const finish = (error: GeolocationPositionError | null) => {
      if (finished) return;
      finished = true;
      stop();
      const result = averageReadings(readings);
      if (result) {
        setState({ phase: 'done', result, count: readings.length });
        onResultRef.current(result);
      } else {
        setState({ phase: 'failed', message: error ? geoErrorText(error) : MAP_MSG.geoTimeout });
      }
    };
    const id = navigator.geolocation.watchPosition(
      (p) => {
        readings.push({
          lat: p.coords.latitude,
          lng: p.coords.longitude,
          accuracy: p.coords.accuracy,
        });
        setState({ phase: 'capturing', count: readings.length });
        if (readings.length >= CAPTURE_READINGS) finish(null);
      },
      (err) => {
        // Denied ends at once; a slow or lost fix keeps waiting until the time is up.
        if (err.code === err.PERMISSION_DENIED || readings.length === 0) finish(err);
      },
      { enableHighAccuracy: true, maximumAge: 0, timeout: CAPTURE_TIMEOUT_MS },
    );
    const timer = window.setTimeout(() => finish(null), CAPTURE_TIMEOUT_MS);
    function stop() {
      navigator.geolocation.clearWatch(id);
      window.clearTimeout(timer);
      stopRef.current = null;
    }
    stopRef.current = () => {
      finished = true;
      stop();
    };
    setState({ phase: 'capturing', count: 0 });
  }

  return { state, start };
}
