/** The search's calls, loaded when a suggestion is first asked for. */
export const loadSearchCalls = () => import('./search-calls');
