/**
 * Shapes of the offline sync (GET /api/sync/…): the server's schemas, the client's types
 * (sync-types.ts, derived).
 */
import { Type } from 'typebox';
import { PublicBurialSchema } from './burial';
import { PlanSchema } from './map';

/** GET /api/sync/sepultados?since=<cursor>&limit=N */
export const SyncPageSchema = Type.Object({
  /** Records created or changed after the cursor (upsert them): the public record only. */
  changed: Type.Array(PublicBurialSchema),
  /** Ids of records deleted after the cursor (drop them; unknown ids are harmless). */
  deleted: Type.Array(Type.String()),
  /** Opaque: send it back as `since` next time. */
  cursor: Type.String(),
  /** More is ready now: ask again at once with the new cursor. */
  hasMore: Type.Boolean(),
  /**
   * The cursor sent belongs to another life of the database (restored from a dump): this
   * answer starts from the beginning, so records the client holds that this walk never
   * mentions are gone — replace the local copy instead of merging into it.
   */
  reset: Type.Boolean(),
});

/**
 * GET /api/sync/info: what a visit pack costs before it starts (the pack screen shows it).
 * Estimates, cached by the server for a minute: good enough to decide, never a promise.
 */
export const SyncInfoSchema = Type.Object({
  /** Public (not deleted) records. */
  records: Type.Integer(),
  /** Compressed bytes of the record part of a full walk (sampled, times the count). */
  recordBytesEstimate: Type.Integer(),
  /** Records with a photo: the pack's thumbnails (the first photo's, ≤ 320 px). */
  thumbs: Type.Integer(),
  /** Bytes of those thumbnails (sampled file sizes times the count). */
  thumbBytes: Type.Integer(),
});

/** The query string of GET /api/sync/info: `cemiterio` asks for that cemetery's visit pack. */
export const SyncInfoQuerySchema = Type.Object(
  { cemiterio: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })) },
  { additionalProperties: false },
);

/** GET /api/sync/mine (login): what the caller may edit — all records (admin) or these ids. */
export const MineAnswerSchema = Type.Object({
  userId: Type.String(),
  all: Type.Boolean(),
  ids: Type.Array(Type.String()),
  /**
   * The full public records of `ids` (a concessionário's, never an admin's whole register), so
   * the device can open and edit them without signal: the visit pack carries only card fields.
   */
  records: Type.Optional(Type.Array(PublicBurialSchema)),
});

/** The query string of GET /api/sync/sepultados. */
export const SyncQuerySchema = Type.Object(
  {
    since: Type.Optional(Type.String({ maxLength: 64 })),
    // Above the maximum is served at the maximum rather than refused.
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);

/**
 * GET /api/sync/pack?since=<cursor>&limit=N&cemiterio=<id>: the visit pack of one cemetery (or
 * of the whole register without `cemiterio`) as compact columns (src/domain/pack-format.ts),
 * with the delta sync's cursor guarantees (server/modules/sync/pack.ts).
 */
export const PackPageSchema = Type.Object({
  cursor: Type.String(),
  hasMore: Type.Boolean(),
  /** Start again: drop the device's copy of this pack and store this walk instead. */
  reset: Type.Boolean(),
  /** Ids to drop: deleted, or moved to another cemetery (unknown ids are harmless). */
  deleted: Type.Array(Type.String()),
  /**
   * Indices (in this page) of records that may have been sent before to this copy (written
   * after its walk began): the device keeps only their newest copy. Records not listed are new
   * to the copy, so the device needs no lookup of the ids it holds.
   */
  again: Type.Array(Type.Integer()),
  ids: Type.String(),
  nomes: Type.Array(Type.String()),
  ruas: Type.Array(Type.String()),
  rua: Type.Array(Type.Integer()),
  quadras: Type.Array(Type.String()),
  quadra: Type.Array(Type.Integer()),
  chapas: Type.Array(Type.String()),
  dtFal: Type.Array(Type.Union([Type.Integer(), Type.Null()])),
  fotos: Type.Array(Type.Tuple([Type.Integer(), Type.String(), Type.String()])),
  /** Sparse: [record index in the page, its tributes] of the records with any. */
  homenagens: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
  /**
   * The graves' positions in whole 1e-5 degrees (pack-format.ts GEO_UNIT): the page's origin,
   * and each record's offset from it (null: unknown).
   */
  geo0: Type.Tuple([Type.Integer(), Type.Integer()]),
  lat: Type.Array(Type.Union([Type.Integer(), Type.Null()])),
  lng: Type.Array(Type.Union([Type.Integer(), Type.Null()])),
  /**
   * The cemetery's plan (null: none), on the walk's last page (`hasMore` false) of a
   * cemetery's pack only: every delta sync ends with it, so a changed plan reaches the device
   * with the records; the ETag carries it, so a changed plan is never a 304.
   */
  plano: Type.Optional(Type.Union([PlanSchema, Type.Null()])),
});

/** The query string of GET /api/sync/pack. */
export const PackQuerySchema = Type.Object(
  {
    since: Type.Optional(Type.String({ maxLength: 96 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    cemiterio: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
  },
  { additionalProperties: false },
);
