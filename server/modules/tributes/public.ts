/**
 * What other modules may use of the tributes (the one door between modules, checked by
 * .dependency-cruiser.cjs): removing a record's tributes with the record.
 */
export { deleteTributesOf } from './tributes-write';
