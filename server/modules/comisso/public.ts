/**
 * What other modules may use of the comisso cases (the one door between modules, checked by
 * .dependency-cruiser.cjs): the cases a concessionário's device keeps, for the personal sync.
 */
export { fieldGraves } from './comisso-field';
