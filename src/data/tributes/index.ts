/**
 * The tributes' door: a record's tributes from the API and the window of them kept on the
 * device, posting and deleting one, and the body a tribute is sent as.
 */
export { buildTributeBody, checkTributePhoto, hasTributeContent } from './tribute-body';
export { deleteTribute, getTributes, postTribute, resendVerification } from './tribute-calls';
export {
  dropStoredTribute,
  OFFLINE_WINDOW,
  storedTributes,
  storeTribute,
  storeTributePage,
  type TributeWindow,
  useStoredTributes,
} from './tribute-store';
