/**
 * What other modules may use of the work orders (the one door between modules, checked by
 * .dependency-cruiser.cjs): their routes, registered by the app; the demo's day, seeded with the
 * demo cemetery.
 */
export { seedDemoOrders } from './orders-demo';
export { workOrderRoutes } from './orders-routes';
