/**
 * What other modules may use of the search (the one door between modules, checked by
 * .dependency-cruiser.cjs): the search columns a bulk load must fill.
 */
export { searchColumnsComputer } from './search-columns';
