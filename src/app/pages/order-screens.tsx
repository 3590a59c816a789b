/**
 * The work-order screens (one lazy entry of the route table) with the grave's map: the map
 * feature's "Como chegar" — the same map, plan kept on the device and wayfinding as the record
 * page's — handed to the order feature's screens.
 */
import { GraveLocation } from '../../features/map/grave-location';
import { useKeepMapCode } from '../../features/map/keep-map-code';
import OrderRoutes from '../../features/work-orders/order-routes';
import type { PlaceMap } from '../../features/work-orders/place-map';

const PLACE_MAP: PlaceMap = { Location: GraveLocation, useKeepCode: useKeepMapCode };

export default function OrderScreens() {
  return <OrderRoutes placeMap={PLACE_MAP} />;
}
