/**
 * What other modules may use of the re-registration (the one door between modules, checked by
 * .dependency-cruiser.cjs): a person's own requests, for their personal-data export, and their
 * document photos, removed with their account.
 */
export { removeRequestDocuments, requestDocumentsOf } from './recad-documents';
export { ownRequests } from './recad-read';
