/**
 * Tribute (homenagem) shapes on the wire, shared by the client and the server. Types only,
 * derived from schemas/tribute.ts.
 */
import type { Static } from 'typebox';
import type { TributeBodySchema, TributeItemSchema, TributeListSchema } from './schemas/tribute';

/** One tribute, as listed and as answered by POST (product spec §3 "Comment"). */
export type TributeItem = Static<typeof TributeItemSchema>;

/** GET /api/sepultados/:id/comentarios */
export type TributeList = Static<typeof TributeListSchema>;

/** POST /api/sepultados/:id/comentarios as JSON (a photo makes it multipart). */
export type TributeRequest = Static<typeof TributeBodySchema>;
