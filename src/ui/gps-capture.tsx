/**
 * The burial form's "Usar minha localização" control: fills latitude and longitude
 * from averaged readings, shows the accuracy, and warns when it is worse than 20 m.
 */
import { isPoorAccuracy, type Reading, roundCoordinate } from '../domain/geo';
import { accuracyText, MAP_MSG } from '../domain/map-messages';
import { useGpsCapture } from './use-gps-capture';

export function GpsCapture({ onCapture }: { onCapture(lat: string, lng: string): void }) {
  const { state, start } = useGpsCapture((r: Reading) =>
    onCapture(String(roundCoordinate(r.lat)), String(roundCoordinate(r.lng))),
  );
  const busy = state.phase === 'capturing';
  return (
    <div className="gps-capture">
      <button type="button" className="btn btn-small" onClick={start} disabled={busy}>
        {busy ? `${MAP_MSG.capturing} (${state.count})` : MAP_MSG.captureButton}
      </button>
      <div aria-live="polite">
        {state.phase === 'done' && (
          <>
            <p className="field-hint">{accuracyText(state.result.accuracy)}</p>
            {isPoorAccuracy(state.result.accuracy) && (
              <p className="field-message" role="alert">
                {MAP_MSG.poorAccuracy}
              </p>
            )}
          </>
        )}
        {state.phase === 'failed' && (
          <p className="field-message" role="alert">
            {state.message}
          </p>
        )}
      </div>
    </div>
  );
}
