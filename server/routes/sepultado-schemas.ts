/**
 * TypeBox schemas of the burial routes' parameters and answers. Answer schemas are also the
 * serializer (fast-json-stringify): faster than JSON.stringify on the hot reads, and nothing
 * outside them can leak into an answer.
 */
import { Type } from 'typebox';
import { IDEMPOTENCY_KEY_PATTERN } from '../../src/domain/tribute-rules';

/** `type: [x, 'null']` rather than anyOf: the serializer handles it without a runtime check. */
const Nullable = <T>(type: 'string' | 'number' | 'integer') =>
  Type.Unsafe<T | null>({ type: [type, 'null'] });

export const IdParams = Type.Object({ id: Type.String() });

/** The outbox's key of an edit (same form as the tributes'). */
export const EditHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ pattern: IDEMPOTENCY_KEY_PATTERN })),
});
export const AssignParams = Type.Object({ id: Type.String(), userId: Type.String() });

export const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
    before: Type.Optional(Type.String({ maxLength: 24 })),
  },
  { additionalProperties: false },
);

export const MineQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export const CardSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  nome: Type.String(),
  rua: Nullable<string>('string'),
  quadra: Type.String(),
  chapa: Type.String(),
  images: Type.Array(Type.String()),
  thumb: Nullable<string>('string'),
});

const ConcessionarioRefSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
});

/** A dashboard card (GET /sepultados/meussepultados): for an admin, who is assigned. */
export const MineCardSchema = Type.Object({
  ...CardSchema.properties,
  concessionariosInfo: Type.Optional(Type.Array(ConcessionarioRefSchema)),
});

export const RecordSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  nome: Type.String(),
  idade: Nullable<number>('integer'),
  dtNasc: Nullable<string>('string'),
  dtFal: Nullable<string>('string'),
  nacionalidade: Nullable<string>('string'),
  mae: Nullable<string>('string'),
  pai: Nullable<string>('string'),
  cemiterio: Nullable<string>('string'),
  rua: Nullable<string>('string'),
  quadra: Type.String(),
  chapa: Type.String(),
  epitafio: Nullable<string>('string'),
  tipoSepultura: Type.Unsafe<'Terra' | 'Laje' | 'Gaveta' | 'Jazigo' | 'Capela' | null>({
    type: ['string', 'null'],
  }),
  latitude: Nullable<number>('number'),
  longitude: Nullable<number>('number'),
  images: Type.Array(Type.String()),
  thumbs: Type.Array(Type.String()),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  concessionarios: Type.Optional(Type.Array(Type.String())),
  concessionariosInfo: Type.Optional(Type.Array(ConcessionarioRefSchema)),
});

export const MessageWithRecord = Type.Object({ message: Type.String(), sepultado: RecordSchema });
const FieldValue = Type.Unsafe<string | number | null>({ type: ['string', 'number', 'null'] });

/** 409 of an edit: the fields changed on both sides, and the record as it is now. */
export const ConflictAnswer = Type.Object({
  message: Type.String(),
  conflicts: Type.Array(
    Type.Object({
      field: Type.String(),
      base: Type.Optional(FieldValue),
      mine: FieldValue,
      theirs: FieldValue,
    }),
  ),
  current: RecordSchema,
});
export const MessageOnly = Type.Object({ message: Type.String() });

export const ConcessionarioItemSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
});
