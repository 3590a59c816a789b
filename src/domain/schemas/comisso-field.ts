/**
 * GET /api/sync/comisso (login): what a concessionário's device keeps of the comisso cases they
 * inspect, so the grave page opens at the grave without signal — for each grave of a record
 * assigned to them that has an OPEN case: the grave's public part (place, state, who rests
 * there: the public page's own shapes) and its open cases as the inspector reads them online
 * (no notice e-mail). Never a titular's contact data: the concession is not part of it.
 * Empty for everyone else (the office reads its cases online). The answer has an ETag: a sync
 * with nothing changed is a 304.
 */
import { type Static, Type } from 'typebox';
import { CaseSchema } from './comisso';
import { GraveCemeterySchema, GraveOccupantSchema, GraveSchema } from './grave';

export const FieldGraveSchema = Type.Object({
  sepultura: GraveSchema,
  cemiterio: GraveCemeterySchema,
  sepultados: Type.Array(GraveOccupantSchema),
  /** The grave's open cases with their steps (an inspector's view). */
  casos: Type.Array(CaseSchema),
});

export const FieldGravesSchema = Type.Object({
  userId: Type.String(),
  sepulturas: Type.Array(FieldGraveSchema),
});

export type FieldGrave = Static<typeof FieldGraveSchema>;
export type FieldGraves = Static<typeof FieldGravesSchema>;
