/**
 * The spreadsheets' door (admin): export the register, preview and import a sheet.
 */
export { downloadRegister, importSheet, previewSheet } from './sheet-calls';
