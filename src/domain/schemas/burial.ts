/**
 * The burial shapes that cross the wire (GET/POST/PATCH /api/sepultados…), requests and answers:
 * written once here; the server validates and serializes with them, the client derives its
 * types from them (burial-types.ts, type-only).
 */
import { type TNull, type TNumber, type TOptional, type TString, type TUnion, Type } from 'typebox';
import {
  BURIAL_FIELDS,
  type BurialField,
  NUMERIC_FIELDS,
  type TipoSepultura,
} from '../burial-fields';
import { UPLOAD_LIMITS } from '../upload-rules';
import { MessageSchema, NullableScalar } from './common';

/** An assigned concessionário as admins and assignees see it (never an e-mail or CPF). */
export const AssigneeRefSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
});

/** What names a grave on every list: a suggestion is exactly this, every card starts with it. */
export const BurialRefSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  nome: Type.String(),
  rua: NullableScalar<string>('string'),
  quadra: Type.String(),
  chapa: Type.String(),
  /**
   * The cemetery's name, where the answer knows it (search and suggestions do; a card built on
   * the device from an older copy may not): with several cemeteries, every card says which.
   */
  cemiterio: Type.Optional(NullableScalar<string>('string')),
});

/** Home list, dashboard and search cards: the card fields and the first photo. */
export const BurialCardSchema = Type.Object({
  ...BurialRefSchema.properties,
  /** [first display image] or []. */
  images: Type.Array(Type.String()),
  thumb: NullableScalar<string>('string'),
});

/** A dashboard card (GET /sepultados/meussepultados): for an admin, who is assigned. */
export const MineCardSchema = Type.Object({
  ...BurialCardSchema.properties,
  /**
   * The assigned concessionários' ids as far as the caller may see them: all for an admin, the
   * caller's own for a concessionário (the original app shows "Editar" when the list holds the
   * person's id; spec §3, §6). The server always sends it; cards built on the device may not.
   */
  concessionarios: Type.Optional(Type.Array(Type.String())),
  concessionariosInfo: Type.Optional(Type.Array(AssigneeRefSchema)),
});

/**
 * The stored values of a record (dates ISO YYYY-MM-DD, numbers parsed, optional fields null):
 * the fields of the burial form (burial-fields.ts BURIAL_FIELDS).
 */
export const BurialValuesSchema = Type.Object({
  nome: Type.String(),
  idade: NullableScalar<number>('integer'),
  dtNasc: NullableScalar<string>('string'),
  dtFal: NullableScalar<string>('string'),
  nacionalidade: NullableScalar<string>('string'),
  mae: NullableScalar<string>('string'),
  pai: NullableScalar<string>('string'),
  cemiterio: NullableScalar<string>('string'),
  rua: NullableScalar<string>('string'),
  quadra: Type.String(),
  chapa: Type.String(),
  epitafio: NullableScalar<string>('string'),
  tipoSepultura: NullableScalar<TipoSepultura>('string'),
  latitude: NullableScalar<number>('number'),
  longitude: NullableScalar<number>('number'),
});

/** The public record: the values, ids, photos in display order and bookkeeping (ISO 8601). */
export const PublicBurialSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  ...BurialValuesSchema.properties,
  /**
   * The grave (GET /api/sepulturas/:id) the record lies in, found from its cemetery, rua, quadra
   * and chapa by the server. Optional: a copy kept on a device from before graves may lack it.
   */
  sepulturaId: Type.Optional(NullableScalar<string>('string')),
  /** Display-size file names (≤ 1600 px); the first is the card photo. */
  images: Type.Array(Type.String()),
  /** Thumbnail file names (≤ 320 px), same order as images. */
  thumbs: Type.Array(Type.String()),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** The full record: the public one, plus who manages it (admins and the assignees only). */
export const BurialRecordSchema = Type.Object({
  ...PublicBurialSchema.properties,
  /** Assigned user ids; only for admins and the concessionários assigned. */
  concessionarios: Type.Optional(Type.Array(Type.String())),
  /** The same people with their names, for the edit screen's assignment panel. */
  concessionariosInfo: Type.Optional(Type.Array(AssigneeRefSchema)),
});

/** Answer of create / edit: a message and the record as stored. */
export const MessageWithBurialSchema = Type.Object({
  message: Type.String(),
  sepultado: BurialRecordSchema,
});

/** What an edit field holds, as the API names and shapes it (dates ISO). */
export const FieldValueSchema = Type.Unsafe<string | number | null>({
  type: ['string', 'number', 'null'],
});

/** A field both the person and someone else changed since the version the edit started from. */
export const FieldConflictSchema = Type.Object({
  field: Type.Unsafe<BurialField>({ type: 'string' }),
  /** Its value at that version; absent when the history no longer reaches back so far. */
  base: Type.Optional(FieldValueSchema),
  /** What this edit wanted (as it would be stored). */
  mine: FieldValueSchema,
  /** What the record holds now. */
  theirs: FieldValueSchema,
});

/**
 * 409 of PATCH /api/sepultados/:id. Nothing was applied. To resolve, send the edit again with
 * `version: current.version` (or If-Match) and, per conflicting field, the value chosen.
 */
export const EditConflictSchema = Type.Object({
  ...MessageSchema.properties,
  conflicts: Type.Array(FieldConflictSchema),
  current: BurialRecordSchema,
});

/** GET /api/users/concessionarios (admin): who can be assigned to a record. */
export const AssigneeListItemSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
});

// ---- requests ----

export const BurialIdParamsSchema = Type.Object({ id: Type.String() });

export const AssignParamsSchema = Type.Object({ id: Type.String(), userId: Type.String() });

/** GET /api/sepultados (home list): the newest first, `before` a record id. */
export const BurialListQuerySchema = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
    before: Type.Optional(Type.String({ maxLength: 24 })),
  },
  { additionalProperties: false },
);

/** GET /api/sepultados/meussepultados (dashboard). */
export const MineQuerySchema = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

// Generous bounds: the domain rules (burial-rules.ts) give the exact lengths and the pt-BR
// messages, whichever body carried the fields.
const Text = Type.Union([Type.String({ maxLength: 5000 }), Type.Null()]);
const NumberOrText = Type.Union([Type.Number(), Type.String({ maxLength: 40 }), Type.Null()]);
const FileNames = Type.Union([
  Type.Array(Type.String({ maxLength: 100 }), { maxItems: UPLOAD_LIMITS.maxPhotosPerRecord }),
  Type.String({ maxLength: 100 }),
]);

type JsonFieldSchemas = {
  [F in BurialField]: TOptional<TUnion<[TString, TNull]> | TUnion<[TNumber, TString, TNull]>>;
};
const jsonFields = Object.fromEntries(
  BURIAL_FIELDS.map((f) => [
    f,
    Type.Optional((NUMERIC_FIELDS as readonly string[]).includes(f) ? NumberOrText : Text),
  ]),
) as JsonFieldSchemas;

/**
 * The JSON body of POST /sepultados/create and PATCH /sepultados/:id: only the fields sent
 * (an edit changes exactly these; null empties one), the version the edit started from and,
 * in an edit, the display file names of photos to remove.
 */
export const BurialBodySchema = Type.Object(
  {
    ...jsonFields,
    version: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1 }), Type.String({ maxLength: 20 })]),
    ),
    removeImages: Type.Optional(FileNames),
  },
  { additionalProperties: false },
);

type FormFieldSchemas = { [F in BurialField]: TOptional<TString> };

/** The same body as multipart text parts: one string per field (removeImages may repeat). */
export const BurialFormBodySchema = Type.Object(
  {
    ...(Object.fromEntries(
      BURIAL_FIELDS.map((f) => [f, Type.Optional(Type.String({ maxLength: 5000 }))]),
    ) as FormFieldSchemas),
    version: Type.Optional(Type.String({ maxLength: 20 })),
    removeImages: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), { maxItems: UPLOAD_LIMITS.maxPhotosPerRecord }),
    ),
  },
  { additionalProperties: false },
);
