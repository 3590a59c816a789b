/**
 * Every work-order screen behind one lazy entry of the app's route table (each entry there
 * costs bytes in the chunk every page loads; the guard stays per route there): /hoje,
 * /ordens/:id, /admin/ordens, /admin/ordens/calendario, /admin/ordens/:id/imprimir and
 * /admin/pedidos, each still its own chunk. The app hands in the grave's map (place-map.ts).
 */
import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { PlaceMap } from './place-map';

const TodayPage = lazy(() => import('./today-page'));
const OrderPage = lazy(() => import('./order-page'));
const OrdersAdminPage = lazy(() => import('./orders-admin-page'));
const CalendarPage = lazy(() => import('./calendar-page'));
const OrderPrintPage = lazy(() => import('./order-print-page'));
const RequestsPage = lazy(() => import('./requests-page'));

export default function OrderRoutes({ placeMap }: { placeMap: PlaceMap }) {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<p className="loading">Carregando…</p>}>
      {pathname === '/hoje' ? (
        <TodayPage placeMap={placeMap} />
      ) : pathname.startsWith('/ordens/') ? (
        // The app's route "/ordens/:id" holds the id (useParams reads it there).
        <OrderPage placeMap={placeMap} />
      ) : pathname.startsWith('/admin/pedidos') ? (
        <RequestsPage />
      ) : (
        <Routes>
          <Route index element={<OrdersAdminPage />} />
          <Route path="calendario" element={<CalendarPage />} />
          <Route path=":id/imprimir" element={<OrderPrintPage />} />
        </Routes>
      )}
    </Suspense>
  );
}
