/**
 * What other modules may use of the cemeteries (the one door between modules, checked by
 * .dependency-cruiser.cjs): telling the held record counts that a record came or went, and the
 * list and one cemetery as anyone reads them (the pages the server renders).
 */
export { countsChanged, findCemetery, listCemeteries } from './cemeteries-read';
