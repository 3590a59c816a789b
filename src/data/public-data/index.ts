/**
 * The door to what the server put in a page it rendered (the public pages): read once at boot,
 * provided to the tree, so the first render shows what the server showed.
 */
export { PublicDataProvider, readPublicData, usePublicData } from './public-data';
