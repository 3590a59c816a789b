/**
 * The per-process state of the cemeteries' record counts (cemeteries-read.ts says how it is
 * used). Apart from the reads so that AppContext can hold it without importing them back.
 */
/** The per-process counts (AppContext.cemeteryCounts). */
export interface CemeteryCountsCache {
  held: Map<string, number> | null;
  /** When the held counts were taken (ms since the epoch). */
  countedAt: number;
  /** A record was written here after the held counts were taken. */
  dirty: boolean;
  running: Promise<Map<string, number>> | null;
}

export function newCountsCache(): CemeteryCountsCache {
  return { held: null, countedAt: 0, dirty: false, running: null };
}
