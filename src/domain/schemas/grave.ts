/**
 * Graves as places (migration 0030): the shapes of /api/sepulturas…, written once here.
 *
 * Routes (server/modules/graves):
 *  - GET   /api/sepulturas?cemiterioId&situacao&quadra&page&limit → GraveListSchema (public)
 *  - GET   /api/sepulturas/:id       → GravePageSchema: the place, who rests there (public
 *    record fields), the way there; for admins also the concession and its history
 *  - POST  /api/sepulturas           → GraveSchema (admin; GraveCreateSchema)
 *  - POST  /api/sepulturas/lote      → GraveBulkAnswerSchema (admin; GraveBulkSchema: one
 *    quadra, numbers numeroInicial…numeroFinal; numbers already there are kept, not an error)
 *  - PATCH /api/sepulturas/:id       → GraveSchema (admin; a concessionário assigned to a
 *    record in it may change `observacoes` only)
 *  - POST  /api/sepulturas/:id/mesclar → GraveSchema of the destination (admin; every record
 *    and concession of :id moves to `destino`, then :id is removed)
 *  - POST  /api/sepulturas/:id/fotos → GravePhotoSchema[] (condition photos, multipart: files
 *    `fotos`, GravePhotoFormSchema; admins and, as grave:note, an assigned concessionário)
 *  - DELETE /api/sepulturas/:id/fotos/:fotoId → MessageSchema (admin)
 * Condition photos are public, as the grave's note: a grave is a place, not a person.
 */
import { Type } from 'typebox';
import {
  GRAVE_KINDS,
  GRAVE_LIMITS,
  GRAVE_STATUSES,
  type GraveKind,
  type GraveStatus,
} from '../grave-rules';
import { Nullable, NullableScalar } from './common';

export const GRAVE_ID_PATTERN = '^[0-9a-f]{24}$';
export const GraveIdSchema = Type.String({ pattern: GRAVE_ID_PATTERN });

const KindSchema = Type.Unsafe<GraveKind>({ type: 'string', enum: [...GRAVE_KINDS] });
const StatusSchema = Type.Unsafe<GraveStatus>({ type: 'string', enum: [...GRAVE_STATUSES] });

/** A grave as anyone sees it (no private field lives on it). */
export const GraveSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  cemiterioId: Type.String(),
  /** The cemetery's name. */
  cemiterio: Type.String(),
  rua: NullableScalar<string>('string'),
  quadra: Type.String(),
  /** Plate or lot number as the cemetery writes it. */
  numero: Type.String(),
  tipo: NullableScalar<GraveKind>('string'),
  /** Burials it holds at once (gavetas); null = not recorded. */
  capacidade: NullableScalar<number>('integer'),
  latitude: NullableScalar<number>('number'),
  longitude: NullableScalar<number>('number'),
  situacao: StatusSchema,
  /** The office's note on its condition. */
  observacoes: NullableScalar<string>('string'),
  /** Records (not deleted) that lie in it. */
  ocupantes: Type.Integer(),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const GraveListSchema = Type.Object({
  sepulturas: Type.Array(GraveSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});

/** Who rests in a grave: the public record fields a card shows. */
export const GraveOccupantSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  nome: Type.String(),
  dtNasc: NullableScalar<string>('string'),
  dtFal: NullableScalar<string>('string'),
  thumb: NullableScalar<string>('string'),
});

/** The way there: the cemetery's entrance (the grave's own position is on the grave). */
export const GraveCemeterySchema = Type.Object({
  id: Type.String(),
  nome: Type.String(),
  endereco: NullableScalar<string>('string'),
  horario: NullableScalar<string>('string'),
  latitude: NullableScalar<number>('number'),
  longitude: NullableScalar<number>('number'),
});

export const GraveListQuerySchema = Type.Object(
  {
    cemiterioId: Type.Optional(GraveIdSchema),
    situacao: Type.Optional(StatusSchema),
    quadra: Type.Optional(Type.String({ maxLength: GRAVE_LIMITS.quadra })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: GRAVE_LIMITS.maxPageSize })),
  },
  { additionalProperties: false },
);

const NullableText = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const NullableNumber = (minimum: number, maximum: number) =>
  Type.Optional(Type.Union([Type.Number({ minimum, maximum }), Type.Null()]));

const editable = {
  rua: NullableText(GRAVE_LIMITS.rua),
  tipo: Type.Optional(Nullable(KindSchema)),
  capacidade: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: GRAVE_LIMITS.capacidade }), Type.Null()]),
  ),
  latitude: NullableNumber(-90, 90),
  longitude: NullableNumber(-180, 180),
  situacao: Type.Optional(StatusSchema),
  observacoes: NullableText(GRAVE_LIMITS.observacoes),
};

export const GraveCreateSchema = Type.Object(
  {
    cemiterioId: GraveIdSchema,
    quadra: Type.String({ maxLength: 200 }),
    numero: Type.String({ maxLength: 200 }),
    ...editable,
  },
  { additionalProperties: false },
);

/** Left out = kept; null clears an optional field. `version`: refused if someone saved since. */
export const GraveEditSchema = Type.Object(
  {
    quadra: Type.Optional(Type.String({ maxLength: 200 })),
    numero: Type.Optional(Type.String({ maxLength: 200 })),
    ...editable,
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export const GraveBulkSchema = Type.Object(
  {
    cemiterioId: GraveIdSchema,
    quadra: Type.String({ maxLength: 200 }),
    rua: NullableText(GRAVE_LIMITS.rua),
    numeroInicial: Type.Integer({ minimum: 0, maximum: 999_999 }),
    numeroFinal: Type.Integer({ minimum: 0, maximum: 999_999 }),
    tipo: Type.Optional(Nullable(KindSchema)),
    capacidade: editable.capacidade,
  },
  { additionalProperties: false },
);

/** A dated photo of the grave's condition; files under /api/images/sepulturas/. */
export const GravePhotoSchema = Type.Object({
  id: Type.String(),
  file: Type.String(),
  thumb: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** The day it was taken (YYYY-MM-DD). */
  tiradaEm: Type.String(),
  nota: NullableScalar<string>('string'),
  createdAt: Type.String(),
});

/** The text parts of a condition-photo upload (the files come as `fotos`). */
export const GravePhotoFormSchema = Type.Object(
  {
    /** DD/MM/AAAA or ISO; left out: today. */
    tiradaEm: Type.Optional(Type.String({ maxLength: 20 })),
    nota: Type.Optional(Type.String({ maxLength: GRAVE_LIMITS.fotoNota + 100 })),
  },
  { additionalProperties: false },
);

export const GravePhotoParamsSchema = Type.Object({
  id: GraveIdSchema,
  fotoId: GraveIdSchema,
});

export const GraveBulkAnswerSchema = Type.Object({
  message: Type.String(),
  /** Graves made now. */
  criadas: Type.Integer(),
  /** Numbers of the range that were already graves (kept as they were). */
  existentes: Type.Integer(),
});

export const GraveMergeSchema = Type.Object(
  { destino: GraveIdSchema },
  { additionalProperties: false },
);
