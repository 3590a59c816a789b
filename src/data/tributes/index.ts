/**
 * The tributes' door: a record's first page from the API or, without signal, the device's copy
 * (firstTributes), the next pages and the window of them kept on the device, posting and
 * deleting one, and the body a tribute is sent as.
 */
export { type FirstTributes, firstTributes } from './first-tributes';
export { buildTributeBody, checkTributePhoto, hasTributeContent } from './tribute-body';
export { deleteTribute, getTributes, postTribute, resendVerification } from './tribute-calls';
export {
  dropStoredTribute,
  OFFLINE_WINDOW,
  storeTribute,
  storeTributePage,
  type TributeWindow,
  useStoredTributes,
} from './tribute-store';
