/**
 * Cemeteries as places (migration 0010): the shapes of /api/cemiterios…, written once here.
 * A record belongs to one cemetery; the record's `cemiterio` stays its name (spec §7).
 *
 * Routes (server/modules/cemeteries):
 *  - GET    /api/cemiterios                → CemeterySchema[] (public; ordered by name)
 *  - GET    /api/cemiterios/:id            → CemeterySchema (public page)
 *  - POST   /api/cemiterios                → CemeterySchema (admin; CemeteryCreateSchema)
 *  - PATCH  /api/cemiterios/:id            → CemeterySchema (admin; CemeteryEditSchema)
 *  - POST   /api/cemiterios/:id/mesclar    → CemeterySchema of the destination (admin;
 *    CemeteryMergeSchema: every record of :id moves to `destino`, then :id is removed)
 *  - GET/PUT /api/cemiterios/:id/plano     → the plan of that cemetery (map.ts PlanSchema)
 * Narrowing: GET /api/sepultados/pesquisa?cemiterio=<id> (search and suggestions) and the sync
 * pages (?cemiterio=<id>) answer only that cemetery's records.
 */
import { Type } from 'typebox';
import { CEMETERY_LIMITS } from '../cemetery-limits';
import { Nullable, NullableScalar } from './common';
import { PlanSchema } from './map';

/** 24 hex, like every id (src/domain/ids.ts). */
export const CEMETERY_ID_PATTERN = '^[0-9a-f]{24}$';
export const CemeteryIdSchema = Type.String({ pattern: CEMETERY_ID_PATTERN });

export { CEMETERY_LIMITS };

export const BoundsSchema = Type.Object({
  south: Type.Number({ minimum: -90, maximum: 90 }),
  west: Type.Number({ minimum: -180, maximum: 180 }),
  north: Type.Number({ minimum: -90, maximum: 90 }),
  east: Type.Number({ minimum: -180, maximum: 180 }),
});

/** A cemetery as anyone sees it (no private field exists on it). */
export const CemeterySchema = Type.Object({
  id: Type.String(),
  nome: Type.String(),
  endereco: NullableScalar<string>('string'),
  /** Opening hours as the administration writes them. */
  horario: NullableScalar<string>('string'),
  /** The entrance, where wayfinding starts and "near me" measures to. */
  latitude: NullableScalar<number>('number'),
  longitude: NullableScalar<number>('number'),
  /** The area it covers (map fit, proximity), or null. */
  bounds: Nullable(BoundsSchema),
  plan: Nullable(PlanSchema),
  /** Public (not deleted) records in it. */
  total: Type.Integer(),
  updatedAt: Type.String(),
  /**
   * The cemetery a record saved without "Cemitério" goes to (the oldest). Optional: a list
   * stored on the device before the field existed lacks it.
   */
  padrao: Type.Optional(Type.Boolean()),
});

const Text = (maxLength: number) => Type.String({ maxLength });
const OptionalNullableText = (maxLength: number) =>
  Type.Optional(Type.Union([Text(maxLength), Type.Null()]));
const OptionalNullableNumber = (minimum: number, maximum: number) =>
  Type.Optional(Type.Union([Type.Number({ minimum, maximum }), Type.Null()]));

const editable = {
  endereco: OptionalNullableText(CEMETERY_LIMITS.endereco),
  horario: OptionalNullableText(CEMETERY_LIMITS.horario),
  latitude: OptionalNullableNumber(-90, 90),
  longitude: OptionalNullableNumber(-180, 180),
  bounds: Type.Optional(Nullable(BoundsSchema)),
};

export const CemeteryCreateSchema = Type.Object(
  { nome: Text(CEMETERY_LIMITS.nome), ...editable },
  { additionalProperties: false },
);

/** Fields left out keep their value; null clears an optional one. */
export const CemeteryEditSchema = Type.Object(
  { nome: Type.Optional(Text(CEMETERY_LIMITS.nome)), ...editable },
  { additionalProperties: false },
);

export const CemeteryMergeSchema = Type.Object(
  { destino: CemeteryIdSchema },
  { additionalProperties: false },
);
