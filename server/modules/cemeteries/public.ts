/**
 * What other modules may use of the cemeteries (the one door between modules, checked by
 * .dependency-cruiser.cjs): telling the held record counts that a record came or went.
 */
export { countsChanged } from './cemeteries-read';
