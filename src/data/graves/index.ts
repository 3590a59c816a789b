/**
 * The graves' door: a grave's page (from the API or the device copy), concessions and their
 * documents, deadlines, photos, re-registration campaigns and the abandonment cases with their
 * field inspections.
 */
export { addCaseStep, decideCase, fetchCases, openCase, type StepForm } from './comisso-calls';
export {
  attachConcessionDocument,
  concessionDocumentUrl,
  removeConcessionDocument,
} from './concession-document-calls';
export {
  createGraveRange,
  type DeadlineAnswer,
  downloadDeadlines,
  fetchDeadlines,
  fetchGraves,
  type GravePhoto,
  grantConcession,
  sendGravePhotos,
} from './grave-calls';
export { loadGrave } from './grave-load';
export {
  closeCampaign,
  createCampaign,
  decideRereg,
  fetchCampaigns,
  fetchGraveRecad,
  fetchMyRereg,
  fetchProgress,
  fetchRereg,
  guardedImageUrl,
  sendReregRequest,
} from './recad-calls';
export { queueInspection, useGraveInspections } from './use-inspections';
