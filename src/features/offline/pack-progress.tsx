/**
 * The pack's progress: a real <progress> per phase, with counts, bytes and a percentage. A
 * finished phase says so ("Registros baixados"), never "Baixando…" at 100 %.
 */
import type { PackState } from '../../data/pack';
import { formatBytes, formatCount, PACK_TEXT } from '../../lib/texts/pack-texts';

function Bar({
  label,
  value,
  max,
  detail,
}: {
  label: string;
  value: number;
  max: number;
  detail: string;
}) {
  const pct = max > 0 ? Math.min(100, Math.floor((value / max) * 100)) : 0;
  return (
    <div className="pack-bar">
      <div className="pack-bar-head">
        <span>{label}</span>
        <span className="pack-pct">{pct} %</span>
      </div>
      <progress
        max={Math.max(1, max)}
        value={Math.min(value, Math.max(1, max))}
        aria-label={label}
      />
      <p className="pack-detail">{detail}</p>
    </div>
  );
}

/** The records bar's label: the phase, said again by the live region as it changes. */
export function phaseLabel(state: PackState): string {
  const recordsMax = Math.max(state.total, state.records);
  if (state.phase === 'index') return PACK_TEXT.phaseIndex;
  if (state.phase === 'thumbs') return PACK_TEXT.phaseThumbs;
  return state.records >= recordsMax && state.phase !== 'records'
    ? PACK_TEXT.phaseRecordsDone
    : PACK_TEXT.phaseRecords;
}

/**
 * Not a live region: every percent would be said. The phases and the outcome are said by the
 * app's one region (pack-cemetery.tsx); the bars are read when the person looks at them.
 */
export function PackProgress({ state }: { state: PackState }) {
  const recordsMax = Math.max(state.total, state.records);
  return (
    <div className="pack-progress">
      <Bar
        label={
          state.phase === 'index'
            ? PACK_TEXT.phaseIndex
            : state.records >= recordsMax && state.phase !== 'records'
              ? PACK_TEXT.phaseRecordsDone
              : PACK_TEXT.phaseRecords
        }
        value={state.records}
        max={recordsMax}
        detail={PACK_TEXT.progressRecords(
          formatCount(Math.min(state.records, recordsMax)),
          formatCount(recordsMax),
          formatBytes(state.bytes),
        )}
      />
      {state.withThumbs && (state.phase === 'thumbs' || state.thumbsTotal > 0) && (
        <Bar
          label={
            state.thumbsDone >= state.thumbsTotal && state.phase !== 'thumbs'
              ? PACK_TEXT.phaseThumbsDone
              : PACK_TEXT.phaseThumbs
          }
          value={state.thumbsDone}
          max={state.thumbsTotal}
          detail={PACK_TEXT.progressThumbs(
            formatCount(state.thumbsDone),
            formatCount(state.thumbsTotal),
            formatBytes(state.thumbBytes),
          )}
        />
      )}
    </div>
  );
}
