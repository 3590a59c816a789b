/**
 * What other modules may use of the burial records (the one door between modules, checked by
 * .dependency-cruiser.cjs): the public record's SQL projection, who may edit, the read cache's
 * invalidation, the record as the API answers it, and the write transaction's type.
 */
export { editableIds, isAssigned } from './burials-access';
export {
  type CardRow,
  cardPhoto,
  RECORD_FROM,
  RECORD_SELECT,
  type RecordRow,
  toCard,
  toRecord,
} from './burials-projection';
export { forgetCached, getBurial } from './burials-read';
export type { Tx } from './burials-write';
