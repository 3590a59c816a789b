/**
 * Burial shapes that cross the wire (GET/POST/PATCH /api/sepultados…), client and server. Types
 * only, derived from the schemas in schemas/burial.ts (the browser never loads TypeBox).
 */
import type { Static } from 'typebox';
import type {
  AssigneeListItemSchema,
  AssigneeRefSchema,
  BurialBodySchema,
  BurialCardSchema,
  BurialRecordSchema,
  MineCardSchema,
  PublicBurialSchema,
} from './schemas/burial';

/** The record as anyone may see it: no assignees (a server-rendered page carries only this). */
export type PublicBurial = Static<typeof PublicBurialSchema>;

/** An assigned concessionário as admins and assignees see it (never an e-mail or CPF). */
export type ConcessionarioRef = Static<typeof AssigneeRefSchema>;

/**
 * The full record: the stored values (dates ISO YYYY-MM-DD, see BurialValues), plus ids,
 * photos in display order and bookkeeping (timestamps ISO 8601); the assignees for admins and
 * the concessionários assigned.
 */
export type BurialRecord = Static<typeof BurialRecordSchema>;

/** Home list, dashboard and search cards: the card fields and the first photo. */
export type BurialCard = Static<typeof BurialCardSchema>;

/** A dashboard card: for an admin, who is assigned to the record (one-click "Desatribuir"). */
export type MineCard = Static<typeof MineCardSchema>;

/** GET /api/users/concessionarios (admin). */
export type ConcessionarioListItem = Static<typeof AssigneeListItemSchema>;

/**
 * The JSON body of POST /sepultados/create and PATCH /sepultados/:id: the fields sent (numbers
 * as numbers), the version the edit started from, the photos to remove (edit).
 */
export type BurialRequestBody = Static<typeof BurialBodySchema>;
