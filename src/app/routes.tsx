/**
 * The route table of spec §2 with its guards. Pages other than login/register are lazy so the
 * first load of /login stays small; each lives in its feature folder.
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import type { AccessRule } from '../features/auth/access';
import LoginPage from '../features/auth/login-page';
import RegisterPage from '../features/auth/register-page';
import { AutoSync } from '../features/offline/auto-sync-runner';
import { FlashMessages } from './flash';
import { Guard } from './guard';
import { Layout } from './layout';
import { PwaUpdate } from './pwa-update';

const HomePage = lazy(() => import('../features/burials/home-page'));
const DetailPage = lazy(() => import('../features/burials/detail-page'));
const DashboardPage = lazy(() => import('../features/burials/dashboard-page'));
const CreatePage = lazy(() => import('../features/burials/create-page'));
const EditPage = lazy(() => import('../features/burials/edit-page'));
const SearchPage = lazy(() => import('../features/search/results-page'));
const ProfilePage = lazy(() => import('../features/users/profile-page'));
const UserListPage = lazy(() => import('../features/users/user-list-page'));
const UserCreatePage = lazy(() => import('../features/users/user-create-page'));
const UserEditPage = lazy(() => import('../features/users/user-edit-page'));
const ForgotPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPage = lazy(() => import('../features/auth/reset-password-page'));
const VerifyPage = lazy(() => import('../features/auth/verify-email-page'));
const OutboxPage = lazy(() => import('../features/outbox/outbox-page'));
const ConflictReviewPage = lazy(() => import('../features/outbox/conflict-review-page'));
const OfflinePage = lazy(() => import('../features/offline/offline-page'));
const PlanAdminPage = lazy(() => import('../features/map/plan-admin-page'));
const LabelsPage = lazy(() => import('../features/map/labels-page'));

const LOGIN: AccessRule = { login: true };
const STAFF: AccessRule = {
  login: true,
  roles: ['admin', 'concessionario'],
  denied: 'Acesso restrito.',
};
const ADMIN: AccessRule = { login: true, roles: ['admin'], denied: 'Acesso restrito.' };
const CREATE_BURIAL: AccessRule = {
  ...ADMIN,
  denied: 'Você não tem permissão para criar sepultados.',
};
const CREATE_USER: AccessRule = {
  ...ADMIN,
  denied: 'Acesso restrito: somente administradores podem criar usuários.',
};

function guarded(rule: AccessRule | null, element: React.ReactNode) {
  const page = <Suspense fallback={<p className="loading">Carregando…</p>}>{element}</Suspense>;
  return rule ? <Guard rule={rule}>{page}</Guard> : page;
}

function Root() {
  return (
    <>
      <FlashMessages />
      <PwaUpdate />
      <AutoSync />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter(
  [
    {
      element: <Root />,
      children: [
        { path: '/login', element: <LoginPage /> },
        { path: '/register', element: <RegisterPage /> },
        { path: '/auth/forgot-password', element: guarded(null, <ForgotPage />) },
        { path: '/auth/reset-password', element: guarded(null, <ResetPage />) },
        { path: '/auth/verify-email', element: guarded(null, <VerifyPage />) },
        {
          element: <Layout />,
          children: [
            { path: '/', element: guarded(LOGIN, <HomePage />) },
            { path: '/sepultados/pesquisa', element: guarded(null, <SearchPage />) },
            { path: '/sepultados/meumemorial', element: guarded(STAFF, <DashboardPage />) },
            { path: '/meussepultados', element: <Navigate to="/sepultados/meumemorial" replace /> },
            { path: '/sepultados/add', element: guarded(CREATE_BURIAL, <CreatePage />) },
            { path: '/sepultados/edit/:id', element: guarded(STAFF, <EditPage />) },
            { path: '/sepultados/etiquetas', element: guarded(ADMIN, <LabelsPage />) },
            { path: '/sepultados/:id', element: guarded(null, <DetailPage />) },
            { path: '/offline', element: guarded(null, <OfflinePage />) },
            { path: '/user/profile', element: guarded(LOGIN, <ProfilePage />) },
            // Open without a login: a removed account's unsent work must stay reachable (README).
            { path: '/pendentes', element: <OutboxPage /> },
            { path: '/pendentes/:id', element: guarded(LOGIN, <ConflictReviewPage />) },
            { path: '/meuusuario', element: guarded(ADMIN, <UserListPage />) },
            { path: '/usuarios/add', element: guarded(CREATE_USER, <UserCreatePage />) },
            { path: '/usuarios/edit/:id', element: guarded(ADMIN, <UserEditPage />) },
            { path: '/admin/mapa', element: guarded(ADMIN, <PlanAdminPage />) },
            { path: '*', element: <Navigate to="/" replace /> },
          ],
        },
      ],
    },
  ],
  { basename: '/' },
);
