/**
 * What other modules may use of the cemeteries (the one door between modules, checked by
 * .dependency-cruiser.cjs): telling the held record counts that a record came or went, and the
 * list as anyone reads it (the results page the server renders).
 */
export { countsChanged, listCemeteries } from './cemeteries-read';
