/** GET /api/mapa/etiquetas, the QR label sheet: server schemas, admin screen's types. */
import { Type } from 'typebox';
import { Nullable } from './common';

export const LabelItemSchema = Type.Object({
  id: Type.String(),
  nome: Type.String(),
  rua: Nullable(Type.String()),
  quadra: Type.String(),
  chapa: Type.String(),
  /** The record's cemetery (name): quadras repeat from one cemetery to the next. */
  cemiterio: Nullable(Type.String()),
});

export const LabelSheetSchema = Type.Object({
  items: Type.Array(LabelItemSchema),
  /** True when more records matched than the server's cap (LABELS_MAX). */
  truncated: Type.Boolean(),
});

/**
 * `?quadra=12` or `?ids=<id>,<id>` (up to 100, checked by the route); `cemiterio=<id>` keeps one
 * cemetery's records (a quadra's number alone names a block in each cemetery).
 */
export const LabelQuerySchema = Type.Object(
  {
    quadra: Type.Optional(Type.String({ maxLength: 30 })),
    cemiterio: Type.Optional(Type.String({ maxLength: 24 })),
    ids: Type.Optional(Type.String({ maxLength: 2500 })),
  },
  { additionalProperties: false },
);
