/**
 * The work orders' door: the office's calls (orders, requests, calendar, custody, ICS links),
 * the crew's day on the device with the work queued through the outbox, and the crew list.
 */
export {
  acceptRequest,
  createIcsToken,
  createOrder,
  createRequest,
  editOrder,
  fetchCalendar,
  fetchCustody,
  getOrder,
  listKinds,
  listOrders,
  listRequests,
  refuseRequest,
  revokeIcsToken,
} from './office-calls';
export { discardOrderWork, fetchOrder, queueOrderWork, refreshDay } from './order-actions';
export { useCrew } from './use-crew';
export { useDeviceDay, useDeviceOrder, useKeepAnswers, useOrderWork } from './use-orders';
