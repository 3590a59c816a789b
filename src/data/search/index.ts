/**
 * The search's door: the results page's search (the server's, or without signal the device's
 * over what it holds, and which part of the register that is), and the suggestions' call.
 */
export type { DeviceScope } from './device-scope';
export { loadSearchCalls } from './search-loaders';
export { useSearchResults } from './use-search-results';
