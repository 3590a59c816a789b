import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRoutes } from './app/routes';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root ausente em index.html');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRoutes />
    </Providers>
  </StrictMode>,
);
