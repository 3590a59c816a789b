/**
 * The map's code kept on the device with the record that shows it, as the record's photo is
 * (ui/use-keep-code.ts): "Como chegar" still draws after going offline and reloading, even
 * when the visitor never scrolled to it.
 */
import { useKeepCode } from '../../ui/use-keep-code';

export const loadMapSection = () => import('./map-section');

export function useKeepMapCode(wanted: boolean): void {
  useKeepCode(loadMapSection, wanted);
}
