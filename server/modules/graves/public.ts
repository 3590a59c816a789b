/**
 * What other modules may use of the graves (the one door between modules, checked by
 * .dependency-cruiser.cjs): finding a grave, reading rows inside a write transaction, and the
 * hooks a cemetery merge calls so graves follow their records.
 */
export { afterCemeteryMerge, beforeCemeteryMerge } from './graves-cemetery-merge';
export {
  findGrave,
  graveAssignees,
  graveCemetery,
  graveOccupants,
  txRows,
} from './graves-read';
