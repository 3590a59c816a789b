/** Cemetery types, derived from the wire schemas (type-only). */
import type { Static } from 'typebox';
import type {
  CemeteryCreateSchema,
  CemeteryEditSchema,
  CemeteryMergeSchema,
  CemeterySchema,
} from './schemas/cemetery';

export type Cemetery = Static<typeof CemeterySchema>;
export type CemeteryCreate = Static<typeof CemeteryCreateSchema>;
export type CemeteryEdit = Static<typeof CemeteryEditSchema>;
export type CemeteryMerge = Static<typeof CemeteryMergeSchema>;
