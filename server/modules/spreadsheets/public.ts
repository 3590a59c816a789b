/**
 * What other modules may use of the spreadsheets (the one door between modules, checked by
 * .dependency-cruiser.cjs): the CSV writer, so every CSV export quotes and escapes alike.
 */
export { csvText } from './sheet-write';
