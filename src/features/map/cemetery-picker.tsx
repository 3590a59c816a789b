/**
 * The map screens' cemetery choice: a plan and a label sheet each belong to one cemetery (a
 * quadra's number repeats from one to the next). Shown only with several cemeteries.
 */
import { useId } from 'react';
import type { Cemetery } from '../../domain/cemetery-types';

interface Props {
  cemeteries: readonly Cemetery[] | null;
  value: string;
  onChange: (id: string) => void;
  /** An empty first option (e.g. every cemetery, grouped); without it one must be chosen. */
  emptyLabel?: string;
}

export function CemeteryPicker({ cemeteries, value, onChange, emptyLabel }: Props) {
  const id = useId();
  if (!cemeteries || cemeteries.length < 2) return null;
  return (
    <div className="field map-cemetery-picker">
      <label htmlFor={id}>Cemitério</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {cemeteries.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The cemetery an id names, else the default one (where a plan without id belongs). */
export function cemeteryShown(
  cemeteries: readonly Cemetery[] | null,
  id: string | null,
): Cemetery | undefined {
  if (!cemeteries) return undefined;
  if (id) return cemeteries.find((c) => c.id === id);
  return cemeteries.find((c) => c.padrao) ?? (cemeteries.length === 1 ? cemeteries[0] : undefined);
}
