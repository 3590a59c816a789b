/** Burial shapes that cross the wire (GET/POST/PATCH /api/sepultados…), client and server. */
import type { SepultadoValues } from './sepultado-rules';

/** An assigned concessionário as admins and assignees see it (never an e-mail or CPF). */
export interface ConcessionarioRef {
  _id: string;
  id: string;
  name: string;
}

/**
 * The full record: the stored values (dates ISO YYYY-MM-DD, see SepultadoValues), plus ids,
 * photos in display order and bookkeeping (timestamps ISO 8601).
 */
export interface SepultadoRecord extends SepultadoValues {
  _id: string;
  id: string;
  /** Display-size file names (≤ 1600 px); the first is the card photo. */
  images: string[];
  /** Thumbnail file names (≤ 320 px), same order as images. */
  thumbs: string[];
  version: number;
  createdAt: string;
  updatedAt: string;
  /** Assigned user ids (spec §3); only for admins and the concessionários assigned. */
  concessionarios?: string[];
  /** The same people with their names, for the edit screen's assignment panel. */
  concessionariosInfo?: ConcessionarioRef[];
}

/** Home list, dashboard and search cards: the card fields and the first photo. */
export interface SepultadoCard {
  _id: string;
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
  /** [first display image] or []. */
  images: string[];
  thumb: string | null;
}

/** A dashboard card: for an admin, who is assigned to the record (one-click "Desatribuir"). */
export interface MineCard extends SepultadoCard {
  concessionariosInfo?: ConcessionarioRef[];
}

/** GET /api/users/concessionarios (admin). */
export interface ConcessionarioListItem {
  _id: string;
  id: string;
  name: string;
  email: string;
}
