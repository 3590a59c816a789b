/**
 * Shapes of the offline sync and of edit conflicts, shared by the server, the sync
 * engine and the conflict review screen.
 */
import type { Static } from 'typebox';
import type {
  EditConflictSchema,
  FieldConflictSchema,
  FieldValueSchema,
  PublicBurialSchema,
} from './schemas/burial';
import type {
  MineAnswerSchema,
  PackPageSchema,
  SyncInfoSchema,
  SyncPageSchema,
} from './schemas/sync';

/** A record as the sync sends it: the public record, never who manages it. */
export type SyncRecord = Static<typeof PublicBurialSchema>;

/**
 * Records per request of the client's walk: the server's maximum page (SYNC_LIMIT.max), so a
 * 100k-record pack is 50 requests. Here so the bench measures the client's real page size.
 */
export const SYNC_PAGE_LIMIT = 2000;

/** GET /api/sync/sepultados?since=<cursor>&limit=N (fields explained in schemas/sync.ts). */
export type SyncAnswer = Static<typeof SyncPageSchema>;

/** What an edit field holds, as the API names and shapes it (dates ISO). */
export type FieldValue = Static<typeof FieldValueSchema>;

/** A field both the person and someone else changed since the version the edit started from. */
export type FieldConflict = Static<typeof FieldConflictSchema>;

/**
 * 409 of PATCH /api/sepultados/:id. Nothing was applied. To resolve, send the edit again with
 * `version: current.version` (or If-Match) and, per conflicting field, the value chosen.
 */
export type EditConflictAnswer = Static<typeof EditConflictSchema>;

/** GET /api/sync/info: what a visit pack costs before it starts (estimates, cached a minute). */
export type SyncInfo = Static<typeof SyncInfoSchema>;

/** GET /api/sync/mine (login): what the caller may edit — all records (admin) or these ids. */
export type MineAnswer = Static<typeof MineAnswerSchema>;

/** GET /api/sync/pack: one compact page of a visit pack (schemas/sync.ts PackPageSchema). */
export type PackAnswer = Static<typeof PackPageSchema>;

/** Records per request of a pack walk (the server's maximum for /api/sync/pack). */
export const PACK_PAGE_LIMIT = 5000;
