/** Types of the grave shapes (src/domain/schemas/grave.ts), type-only for the browser. */
import type { Static } from 'typebox';
import type {
  GraveBulkSchema,
  GraveCreateSchema,
  GraveEditSchema,
  GraveListSchema,
  GraveOccupantSchema,
  GraveSchema,
} from './schemas/grave';

export type Grave = Static<typeof GraveSchema>;
export type GraveList = Static<typeof GraveListSchema>;
export type GraveOccupant = Static<typeof GraveOccupantSchema>;
export type GraveCreate = Static<typeof GraveCreateSchema>;
export type GraveEdit = Static<typeof GraveEditSchema>;
export type GraveBulk = Static<typeof GraveBulkSchema>;
