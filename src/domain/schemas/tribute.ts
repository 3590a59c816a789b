/**
 * Tribute (homenagem) shapes on the wire, requests and answers: the server's schemas, the
 * client's types (tribute-types.ts, derived).
 */
import { Type } from 'typebox';
import { ID_PATTERN } from '../ids';
import { Nullable } from './common';

/** One tribute, as listed and as answered by POST (product spec §3 "Comment"). */
export const TributeItemSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  sepultadoId: Type.String(),
  /**
   * The author's account id; null when the tribute has no author or the account was deleted.
   * Spec §3 allows an id or an object: the id, because the original app's client tells its own
   * tributes (the delete button) by comparing `user` with its user id, and reads the author's
   * name and avatar from `autor` and `autorImage` (as this client does).
   */
  user: Nullable(Type.String()),
  /** The author's name, "Anônimo" without an author, "Usuário removido" after a deletion. */
  autor: Type.String(),
  autorImage: Nullable(Type.String()),
  texto: Type.String(),
  /** Photo file name under /api/images/comentarios/ (≤ 1600 px), or null. */
  imagem: Nullable(Type.String()),
  /** Its thumbnail (≤ 320 px) in the same folder, or null. */
  imagemThumb: Nullable(Type.String()),
  emojis: Type.Array(Type.String()),
  /** ISO 8601 with milliseconds, UTC. */
  createdAt: Type.String(),
});

/** GET /api/sepultados/:id/comentarios */
export const TributeListSchema = Type.Object({
  items: Type.Array(TributeItemSchema),
  hasMore: Type.Boolean(),
  /** Live tributes of the record right now (not limited to the anchored snapshot). */
  total: Type.Integer(),
  /** Pass as `before` to get the next older page; null when there is nothing more. */
  nextCursor: Nullable(Type.String()),
  /** Id of the newest tribute of the snapshot; pass it back as `anchor` with `page`. */
  anchor: Nullable(Type.String()),
});

// ---- requests ----

// No pattern on ids: a malformed id names no record and answers 404 like an unknown one.
export const TributeRecordParamsSchema = Type.Object(
  { id: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);
export const TributeParamsSchema = Type.Object(
  { id: Type.String({ maxLength: 64 }), commentId: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);

/** GET /api/sepultados/:id/comentarios */
export const TributeListQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    // Above the maximum is served at the maximum rather than refused.
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    before: Type.Optional(Type.String({ maxLength: 64 })),
    anchor: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

/**
 * POST /api/sepultados/:id/comentarios, JSON (a multipart form gives strings and lists, never
 * null). Generous bounds on purpose: the tribute rules then answer 422 with the exact limit.
 */
export const TributeBodySchema = Type.Object(
  {
    comentario: Type.Optional(Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()])),
    emojis: Type.Optional(
      Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }), Type.Null()]),
    ),
    /** The outbox item's id: it becomes the tribute's, so a resend is a replay. */
    clientId: Type.Optional(Type.String({ pattern: ID_PATTERN })),
  },
  { additionalProperties: false },
);
