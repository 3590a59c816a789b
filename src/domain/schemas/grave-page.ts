/**
 * GET /api/sepulturas/:id: one grave's page. Public: the place, who rests there (public record
 * fields only) and the way there (the grave's position on the grave, the entrance on the
 * cemetery). The office's part (the concession and its history) is only in an admin's answer.
 */
import { Type } from 'typebox';
import { Nullable } from './common';
import { ConcessionSchema } from './concession';
import { GraveCemeterySchema, GraveOccupantSchema, GravePhotoSchema, GraveSchema } from './grave';

export const GravePageSchema = Type.Object({
  sepultura: GraveSchema,
  cemiterio: GraveCemeterySchema,
  sepultados: Type.Array(GraveOccupantSchema),
  /** Condition photos, newest first (public, as the grave's note). */
  fotos: Type.Array(GravePhotoSchema),
  /** The active concession: admins, and the account linked to its titular. */
  concessao: Type.Optional(Nullable(ConcessionSchema)),
  /** Every concession of the grave, newest first (admins only). */
  concessoes: Type.Optional(Type.Array(ConcessionSchema)),
});
