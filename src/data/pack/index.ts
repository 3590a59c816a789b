/**
 * The visit packs' door: the packs on the device and their state, the offer to keep one, the
 * code a pack keeps for use without signal, and the extras kept with it after a sync.
 */
export { registerPackCode } from './pack-code';
export { loadPackExtras } from './pack-loaders';
export type { PackState } from './pack-state';
export { type PackSlot, type PacksView, usePackInfo, usePacks } from './use-pack';
export { usePackKnown } from './use-pack-known';
