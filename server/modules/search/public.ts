/**
 * What other modules may use of the search (the one door between modules, checked by
 * .dependency-cruiser.cjs): the search columns a bulk load must fill, and the public search's
 * answer with its per-address bound (the results page the server renders).
 */
export { searchAnswer, searchRate } from './search-answer';
export { searchColumnsComputer } from './search-columns';
