/**
 * What other modules may use of the work orders (the one door between modules, checked by
 * .dependency-cruiser.cjs): their routes, registered by the app.
 */
export { workOrderRoutes } from './orders-routes';
