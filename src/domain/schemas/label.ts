/** GET /api/mapa/etiquetas, the QR label sheet: server schemas, admin screen's types. */
import { Type } from 'typebox';
import { Nullable } from './common';

export const LabelItemSchema = Type.Object({
  id: Type.String(),
  nome: Type.String(),
  rua: Nullable(Type.String()),
  quadra: Type.String(),
  chapa: Type.String(),
});

export const LabelSheetSchema = Type.Object({
  items: Type.Array(LabelItemSchema),
  /** True when more records matched than the server's cap (LABELS_MAX). */
  truncated: Type.Boolean(),
});

/** `?quadra=12` or `?ids=<id>,<id>` (up to 100, checked by the route). */
export const LabelQuerySchema = Type.Object(
  {
    quadra: Type.Optional(Type.String({ maxLength: 30 })),
    ids: Type.Optional(Type.String({ maxLength: 2500 })),
  },
  { additionalProperties: false },
);
