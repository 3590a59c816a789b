/**
 * What other modules may use of the concessions (the one door between modules, checked by
 * .dependency-cruiser.cjs): a grave's concessions for its page.
 */
export { graveConcessions } from './concessions-read';
