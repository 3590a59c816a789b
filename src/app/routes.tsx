/**
 * The route table of spec §2 with its guards. Every page but /login is a route-level `lazy`
 * module: the data router loads the matched layout and page chunks in parallel (no waterfall
 * of nested React.lazy), and the first load of /login carries neither the navbar, Dexie nor
 * any other page (README: bundle budgets). Each page lives in its feature folder.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import type { AccessRule } from '../features/auth/access';
import LoginPage from '../features/auth/login-page';
import { AutoSync } from '../features/offline/auto-sync-runner';
import { VisitorSearch } from '../features/search/visitor-search';
import { DocumentTitle } from './document-title';
import { FlashMessages } from './flash';
import { Guard } from './guard';
import { PwaUpdate } from './pwa-update';
import { RouteFocus } from './route-focus';

type PageModule = Promise<{ default: ComponentType }>;

/** A lazy route: its module, behind the guard when the route has a rule. */
function page(load: () => PageModule, rule: AccessRule | null = null) {
  return {
    lazy: async () => {
      const { default: Page } = await load();
      if (!rule) return { Component: Page };
      return {
        element: (
          <Guard rule={rule}>
            <Page />
          </Guard>
        ),
      };
    },
  };
}

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

function Root() {
  return (
    <>
      <FlashMessages />
      <PwaUpdate />
      <AutoSync />
      <RouteFocus />
      <DocumentTitle />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter(
  [
    {
      element: <Root />,
      children: [
        { path: '/login', element: <LoginPage after={<VisitorSearch intro />} /> },
        {
          path: '/register',
          lazy: async () => {
            const { default: RegisterPage } = await import('../features/auth/register-page');
            return { element: <RegisterPage after={<VisitorSearch intro />} /> };
          },
        },
        {
          path: '/auth/forgot-password',
          ...page(() => import('../features/auth/forgot-password-page')),
        },
        {
          path: '/auth/reset-password',
          ...page(() => import('../features/auth/reset-password-page')),
        },
        { path: '/auth/verify-email', ...page(() => import('../features/auth/verify-email-page')) },
        {
          lazy: async () => ({ Component: (await import('./layout')).Layout }),
          children: [
            { path: '/', ...page(() => import('../features/burials/home-page'), LOGIN) },
            {
              path: '/sepultados/pesquisa',
              ...page(() => import('../features/search/results-page')),
            },
            {
              path: '/sepultados/meumemorial',
              ...page(() => import('../features/burials/dashboard-page'), STAFF),
            },
            { path: '/meussepultados', element: <Navigate to="/sepultados/meumemorial" replace /> },
            {
              path: '/sepultados/add',
              ...page(() => import('../features/burials/create-page'), CREATE_BURIAL),
            },
            {
              path: '/sepultados/edit/:id',
              ...page(() => import('../features/burials/edit-page'), STAFF),
            },
            {
              path: '/sepultados/etiquetas',
              ...page(() => import('../features/map/labels-page'), ADMIN),
            },
            { path: '/sepultados/:id', ...page(() => import('../features/burials/detail-page')) },
            { path: '/offline', ...page(() => import('../features/offline/offline-page')) },
            {
              path: '/user/profile',
              ...page(() => import('../features/users/profile-page'), LOGIN),
            },
            { path: '/pendentes', ...page(() => import('../features/outbox/outbox-page'), LOGIN) },
            {
              path: '/pendentes/:id',
              ...page(() => import('../features/outbox/conflict-review-page'), LOGIN),
            },
            {
              path: '/meuusuario',
              ...page(() => import('../features/users/user-list-page'), ADMIN),
            },
            {
              path: '/usuarios/add',
              ...page(() => import('../features/users/user-create-page'), CREATE_USER),
            },
            {
              path: '/usuarios/edit/:id',
              ...page(() => import('../features/users/user-edit-page'), ADMIN),
            },
            {
              path: '/admin/mapa',
              ...page(() => import('../features/map/plan-admin-page'), ADMIN),
            },
            { path: '*', element: <Navigate to="/" replace /> },
          ],
        },
      ],
    },
  ],
  { basename: '/' },
);
