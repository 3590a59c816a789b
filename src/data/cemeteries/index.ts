/**
 * The cemeteries' door: the list (kept on the device), one cemetery's page, the admin's
 * create/edit/merge, and the cemetery a visitor has chosen to search in.
 */
export { createCemetery, editCemetery, fetchCemetery, mergeCemetery } from './cemetery-calls';
export {
  chooseCemetery,
  chosenCemetery,
  expectSeveral,
  narrowingOf,
  useChosenCemetery,
} from './chosen-cemetery';
export { useCemeteries } from './use-cemeteries';
