/**
 * The grave's map on the order screens is the record page's (src/features/map): the app hands
 * its parts in (src/app/pages/order-screens.tsx), since one feature does not import another.
 */
import type { ComponentType } from 'react';
import type { GravePlace } from '../../domain/geo';

export interface PlaceMap {
  /** "Como chegar": the way in words, the map loaded lazily, the wayfinding. */
  Location: ComponentType<{ place: GravePlace; noPosition: string | null }>;
  /** Keeps the map's code on the device, so an order never opened online still draws it. */
  useKeepCode: (wanted: boolean) => void;
}
