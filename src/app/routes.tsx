/**
 * The route table of spec §2 with its guards. The declarative <BrowserRouter> is used, not the
 * data router: the app has no loaders or actions, and the data router's code would more than
 * double the router's bytes on every first visit (docs/decisions/0053-bundle-budgets.md). Every page
 * but /login is a lazy chunk, so the first load of /login carries neither Dexie nor any other
 * page; the layout is small and static, so a page costs one round trip after the boot chunk.
 */
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { loadStoreCode } from '../data/device';
import { registerPackCode } from '../data/pack';
import type { Action } from '../domain/permissions';
import type { AccessRule } from '../features/auth/access';
import LoginPage from '../features/auth/login-page';
import { AutoSync } from '../features/offline/auto-sync-runner';
import { VisitorSearch } from '../features/search/visitor-search';
import { FlashMessages } from '../ui/flash';
import { DocumentTitle } from './document-title';
import { Guard } from './guard';
import { Layout } from './layout';
import { PageBoundary } from './page-boundary';
import { PwaUpdate } from './pwa-update';
import { RouteFocus } from './route-focus';

// A visit pack keeps the map's and the emoji picker's code for use without signal.
registerPackCode(
  () => import('../features/map/map-section'),
  () => import('../features/tributes/emoji-picker'),
);

/**
 * Every page inside the layout uses the device store (the "data" chunk). Its code is asked for
 * first and alone, so it is evaluated in a task of its own; inside the page's import it made
 * one long task on a cheap phone (docs/decisions/0057-first-visit-long-tasks.md).
 */
function storeFirst<T>(loadPage: () => Promise<T>): () => Promise<T> {
  return () => {
    loadStoreCode();
    return loadPage();
  };
}

/** A lazy page inside the layout (see storeFirst). */
const layoutPage = (loadPage: () => Promise<{ default: ComponentType }>) =>
  lazy(storeFirst(loadPage));

const RegisterPage = lazy(() => import('../features/auth/register-page'));
const HomePage = layoutPage(() => import('../features/burials/home-page'));
/** The QR landing's page code; main.tsx asks for it early, beside the record. */
export const loadDetailPage = storeFirst(() => import('./pages/burial-detail-page'));
const DetailPage = lazy(loadDetailPage);
const DashboardPage = layoutPage(() => import('../features/burials/dashboard-page'));
const CreatePage = layoutPage(() => import('../features/burials/create-page'));
const EditPage = layoutPage(() => import('../features/burials/edit-page'));
const SearchPage = layoutPage(() => import('./pages/search-results-page'));
const ProfilePage = layoutPage(() => import('../features/users/profile-page'));
const UserListPage = layoutPage(() => import('../features/users/user-list-page'));
const UserCreatePage = layoutPage(() => import('../features/users/user-create-page'));
const UserEditPage = layoutPage(() => import('./pages/user-edit-route'));
const AuditPage = layoutPage(() => import('../features/audit/audit-page'));
const ForgotPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPage = lazy(() => import('../features/auth/reset-password-page'));
const VerifyPage = lazy(() => import('../features/auth/verify-email-page'));
const OutboxPage = layoutPage(() => import('../features/outbox/outbox-page'));
const ConflictReviewPage = layoutPage(() => import('../features/outbox/conflict-review-page'));
const OfflinePage = layoutPage(() => import('../features/offline/offline-page'));
const PlanAdminPage = layoutPage(() => import('../features/map/plan-admin-page'));
const LabelsPage = layoutPage(() => import('../features/map/labels-page'));
const CemeteriesAdminPage = layoutPage(
  () => import('../features/cemeteries/cemeteries-admin-page'),
);
const CemeteryPage = layoutPage(() => import('../features/cemeteries/cemetery-page'));
const SheetsPage = layoutPage(() => import('../features/spreadsheets/sheets-page'));
const GravesAdminPage = layoutPage(() => import('../features/graves/graves-admin-page'));
const GravePage = layoutPage(() => import('../features/graves/grave-page'));
const DeadlinesPage = layoutPage(() => import('../features/graves/deadlines-page'));
const RecadAdminPage = layoutPage(() => import('../features/graves/recad-admin-page'));
const BackupsPage = layoutPage(() => import('../features/backups/backups-page'));
// The crew's day and the office's orders: one entry here, their screens in chunks of their own.
const OrdersPage = layoutPage(() => import('./pages/order-screens'));

// Each guarded route names what it is for (src/domain/permissions.ts); who may do that is
// decided there, not here.
const LOGIN: AccessRule = { login: true };
const RESTRICTED = 'Acesso restrito.';
const allowedTo = (action: Action, denied = RESTRICTED): AccessRule => ({
  login: true,
  action,
  denied,
});
const LIST_MINE = allowedTo('burial:list-mine');
const EDIT_BURIAL = allowedTo('burial:edit');
const CREATE_BURIAL = allowedTo(
  'burial:create',
  'Acesso restrito: somente administradores ou concessionários podem criar sepultados.',
);
const PRINT_LABELS = allowedTo('label:print');
const MANAGE_USERS = allowedTo('user:manage');
const CREATE_USER = allowedTo(
  'user:manage',
  'Acesso restrito: somente administradores podem criar usuários.',
);
const EDIT_PLAN = allowedTo('plan:edit');
const MANAGE_CEMETERIES = allowedTo('cemetery:manage');
const SPREADSHEETS = allowedTo('burial:spreadsheet');
const MANAGE_GRAVES = allowedTo('grave:manage');
const SEE_DEADLINES = allowedTo('deadline:view');
const MANAGE_RECAD = allowedTo('recadastramento:manage');
const BACKUPS = allowedTo('backup:manage');
const AUDIT = allowedTo('audit:read');
const WORK_ORDERS = allowedTo('order:work');

function guarded(rule: AccessRule | null, element: ReactNode) {
  const page = (
    <PageBoundary>
      <Suspense fallback={<p className="loading">Carregando…</p>}>{element}</Suspense>
    </PageBoundary>
  );
  return rule ? <Guard rule={rule}>{page}</Guard> : page;
}

/** Shorthand for the lazy pages without props. */
const at = (Page: ComponentType, rule: AccessRule | null = null) => guarded(rule, <Page />);

function Root() {
  return (
    <>
      <FlashMessages />
      <AutoSync />
      <RouteFocus />
      <DocumentTitle />
      <Outlet />
      {/* After the page, below the fold: it never covers a control nor moves the page (app.css). */}
      <PwaUpdate />
    </>
  );
}

const visitorSearch = <VisitorSearch intro />;

/**
 * The route table as elements: rendered by AppRoutes under the browser's router, or under a
 * static one on the server, which also matches a path against it (src/entry-server.tsx).
 */
export const appRoutes = (
  <Route element={<Root />}>
    <Route path="/login" element={<LoginPage after={visitorSearch} />} />
    <Route path="/register" element={guarded(null, <RegisterPage after={visitorSearch} />)} />
    <Route path="/auth/forgot-password" element={at(ForgotPage)} />
    <Route path="/auth/reset-password" element={at(ResetPage)} />
    <Route path="/auth/verify-email" element={at(VerifyPage)} />
    <Route element={<Layout />}>
      <Route path="/" element={at(HomePage, LOGIN)} />
      <Route path="/sepultados/pesquisa" element={at(SearchPage)} />
      <Route path="/sepultados/meumemorial" element={at(DashboardPage, LIST_MINE)} />
      <Route path="/meussepultados" element={<Navigate to="/sepultados/meumemorial" replace />} />
      <Route path="/sepultados/add" element={at(CreatePage, CREATE_BURIAL)} />
      <Route path="/sepultados/edit/:id" element={at(EditPage, EDIT_BURIAL)} />
      <Route path="/sepultados/etiquetas" element={at(LabelsPage, PRINT_LABELS)} />
      <Route path="/sepultados/:id" element={at(DetailPage)} />
      <Route path="/offline" element={at(OfflinePage)} />
      <Route path="/user/profile" element={at(ProfilePage, LOGIN)} />
      {/* Open without a login: a removed account's unsent work must stay reachable (docs/decisions.md). */}
      <Route path="/pendentes" element={at(OutboxPage)} />
      <Route path="/pendentes/:id" element={at(ConflictReviewPage, LOGIN)} />
      {/* Everyone logged in: an admin manages the list, anyone else sees their own entry (spec §2). */}
      <Route path="/meuusuario" element={at(UserListPage, LOGIN)} />
      <Route path="/usuarios/add" element={at(UserCreatePage, CREATE_USER)} />
      <Route path="/usuarios/edit/:id" element={at(UserEditPage, MANAGE_USERS)} />
      <Route path="/admin/mapa" element={at(PlanAdminPage, EDIT_PLAN)} />
      <Route path="/admin/cemiterios" element={at(CemeteriesAdminPage, MANAGE_CEMETERIES)} />
      <Route path="/cemiterios/:id" element={at(CemeteryPage)} />
      <Route path="/admin/planilhas" element={at(SheetsPage, SPREADSHEETS)} />
      <Route path="/admin/sepulturas" element={at(GravesAdminPage, MANAGE_GRAVES)} />
      <Route path="/admin/prazos" element={at(DeadlinesPage, SEE_DEADLINES)} />
      <Route path="/admin/recadastramento" element={at(RecadAdminPage, MANAGE_RECAD)} />
      <Route path="/sepulturas/:id" element={at(GravePage)} />
      <Route path="/admin/copias" element={at(BackupsPage, BACKUPS)} />
      <Route path="/hoje" element={at(OrdersPage, WORK_ORDERS)} />
      <Route path="/ordens/:id" element={at(OrdersPage, WORK_ORDERS)} />
      <Route path="/admin/ordens/*" element={at(OrdersPage, allowedTo('order:manage'))} />
      <Route path="/admin/pedidos" element={at(OrdersPage, allowedTo('request:manage'))} />
      <Route path="/admin/auditoria" element={at(AuditPage, AUDIT)} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Route>
  </Route>
);

export function AppRoutes() {
  return <Routes>{appRoutes}</Routes>;
}
