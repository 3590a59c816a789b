/**
 * Shapes of the offline sync and of edit conflicts (issue 7), shared by the server, the sync
 * engine and the conflict review screen.
 */
import type { SepultadoField } from './sepultado-rules';
import type { SepultadoRecord } from './sepultado-types';

/** A record as the sync sends it: the public record, never who manages it. */
export type SyncRecord = Omit<SepultadoRecord, 'concessionarios' | 'concessionariosInfo'>;

/**
 * Records per request of the client's walk: the server's maximum page (SYNC_LIMIT.max), so a
 * 100k-record pack is 50 requests. Here so the bench measures the client's real page size.
 */
export const SYNC_PAGE_LIMIT = 2000;

/** GET /api/sync/sepultados?since=<cursor>&limit=N */
export interface SyncAnswer {
  /** Records created or changed after the cursor (upsert them). */
  changed: SyncRecord[];
  /** Ids of records deleted after the cursor (drop them; unknown ids are harmless). */
  deleted: string[];
  /** Opaque: send it back as `since` next time. */
  cursor: string;
  /** More is ready now: ask again at once with the new cursor. */
  hasMore: boolean;
  /**
   * The cursor sent belongs to another life of the database (restored from a dump): this
   * answer starts from the beginning, so records the client holds that this walk never
   * mentions are gone — replace the local copy instead of merging into it.
   */
  reset: boolean;
}

/** What an edit field holds, as the API names and shapes it (dates ISO). */
export type FieldValue = string | number | null;

/** A field both the person and someone else changed since the version the edit started from. */
export interface FieldConflict {
  field: SepultadoField;
  /** Its value at that version; absent when the history no longer reaches back so far. */
  base?: FieldValue;
  /** What this edit wanted (as it would be stored). */
  mine: FieldValue;
  /** What the record holds now. */
  theirs: FieldValue;
}

/**
 * 409 of PATCH /api/sepultados/:id. Nothing was applied. To resolve, send the edit again with
 * `version: current.version` (or If-Match) and, per conflicting field, the value chosen.
 */
export interface EditConflictAnswer {
  message: string;
  conflicts: FieldConflict[];
  current: SepultadoRecord;
}

/**
 * GET /api/sync/info: what a visit pack costs before it starts (the pack screen shows it).
 * Estimates, cached by the server for a minute: good enough to decide, never a promise.
 */
export interface SyncInfo {
  /** Public (not deleted) records. */
  records: number;
  /** Compressed bytes of the record part of a full walk (sampled, times the count). */
  recordBytesEstimate: number;
  /** Records with a photo: the pack's thumbnails (the first photo's, ≤ 320 px). */
  thumbs: number;
  /** Bytes of those thumbnails (sampled file sizes times the count). */
  thumbBytes: number;
}

/** GET /api/sync/mine (login): what the caller may edit — all records (admin) or these ids. */
export interface MineAnswer {
  userId: string;
  all: boolean;
  ids: string[];
}
