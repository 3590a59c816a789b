/**
 * What other modules may use of the spreadsheets (the one door between modules, checked by
 * .dependency-cruiser.cjs): the CSV and XLSX writers, so every export quotes and escapes alike.
 */
export { CONTENT_TYPE, csvText, xlsxBuffer } from './sheet-write';
