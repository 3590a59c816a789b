/**
 * The burial records' door: the record page's and the lists' reads (device copy first, the
 * network refreshing it), the edit screen's opening (server or device copy) and its outbox
 * payload, the admin's create/assign/delete calls, and the form's values and payload.
 */
export {
  type BurialPayload,
  buildPayload,
  emptyValues,
  type FormValues,
  validateForm,
  valuesFromRecord,
} from './burial-body';
export { assignAssignee, createBurial, deleteBurial, StaleFailure } from './burial-calls';
export { askEarly } from './early-record';
export { type OpenedForEdit, openForEdit } from './edit-load';
export { editPayloadFrom, unsentEdit, withPendingEdit } from './edit-outbox';
export { cardPhoto, type ShownBurial } from './shown-burial';
export { useAssignees } from './use-assignees';
export { useBurial, useMineOnDevice } from './use-burial';
export { useHomeList } from './use-home-list';
export { useMineList } from './use-mine-list';
