/**
 * HOOK FOR THE LEAD — other things a visit pack should bring, run after its records and
 * thumbnails (e.g. the map engineer's `precachePlan()` for the cemetery plan, stored as kind
 * "plan"). Push a step here from the feature that owns it:
 *
 *   packExtras.push({ label: 'Planta do cemitério', run: (signal) => precachePlan(signal) });
 *
 * Each step gets the pack's AbortSignal (Cancelar) and may throw SyncStopped (e.g. 'quota')
 * to stop the pack with its own message; any other failure of an extra is reported but does
 * not undo the records and photos already stored.
 */
export interface PackExtra {
  /** pt-BR, shown while it runs. */
  label: string;
  run: (signal: AbortSignal) => Promise<void>;
}

export const packExtras: PackExtra[] = [];
