/**
 * Rules of a cemetery's fields, shared by the admin form and the server (pure). The folded key
 * mirrors SQL's cemiterio_chave (migration 0010): case, accents and repeated spaces ignored.
 */
import { CEM_MSG } from './cemetery-messages';
import type { CemeteryEdit } from './cemetery-types';
import { validateBounds } from './geo';
import { foldText } from './search-text';

/**
 * The cemetery a record saved without one goes to when none exists yet (SQL's
 * cemiterio_for_name(NULL), migration 0010; with cemeteries, the oldest: `Cemetery.padrao`).
 */
export const DEFAULT_CEMETERY_NAME = 'Cemitério municipal';

/** "  Cemitério   da Saudade " → "Cemitério da Saudade" (how a name is stored). */
export function tidyCemeteryName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** Same key = same cemetery. */
export function cemeteryNameKey(name: string): string {
  return foldText(tidyCemeteryName(name));
}

/** Empty text is no value. */
export function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const t = value.trim();
  return t === '' ? null : t;
}

export interface CemeteryProblem {
  field: string;
  message: string;
}

/**
 * The first problem of the fields an edit leaves the cemetery with (`merged`: stored values
 * overlaid with the edit's), or null.
 */
export function cemeteryProblem(merged: CemeteryEdit): CemeteryProblem | null {
  if (merged.nome !== undefined && tidyCemeteryName(merged.nome) === '') {
    return { field: 'nome', message: CEM_MSG.nameRequired };
  }
  const hasLat = merged.latitude !== undefined && merged.latitude !== null;
  const hasLng = merged.longitude !== undefined && merged.longitude !== null;
  if (hasLat !== hasLng) {
    return { field: hasLat ? 'longitude' : 'latitude', message: CEM_MSG.coordinatesPair };
  }
  if (merged.bounds) {
    const problem = validateBounds(merged.bounds);
    if (problem) return { field: 'bounds', message: problem.message };
  }
  return null;
}
