import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRoutes } from './app/routes';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root ausente em index.html');
// The first render as a transition: React renders it in slices of a few milliseconds and
// yields between them, instead of one long task a cheap phone's CPU cannot answer a tap in
// (docs/decisions/0057-first-visit-long-tasks.md).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRoutes />
      </Providers>
    </StrictMode>,
  ),
);
