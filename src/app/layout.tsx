/**
 * The frame of the routes with navbar, container and footer. A skip link leads keyboard and
 * screen-reader users past the navbar to the page (WCAG 2.4.1). The pack offer is lazy: it reads
 * Dexie, which /login's first load does without. The visit pack's offer comes after
 * the page's content: a QR code opened at the grave shows the record first, and the offer never
 * pushes it down nor covers it. The page's area is at least a screen tall, so the offer and the
 * footer start below the fold: a page that grows from "Carregando…" to its content (or a slow
 * cemetery list, a late photo) moves nothing the visitor sees (CLS; docs/decisions.md).
 */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FOOTER_YEAR, PROVIDER_NAME } from '../ui/branding';
import { Navbar } from './navbar';
import { MAIN_ID } from './route-focus';

const PackOffer = lazy(() =>
  import('../features/offline/pack-offer').then((m) => ({ default: m.PackOffer })),
);

export function Layout() {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Pular para o conteúdo
      </a>
      <Navbar />
      <main className="container" id={MAIN_ID} tabIndex={-1}>
        <div className="page-area">
          <Outlet />
        </div>
        <Suspense fallback={null}>
          <PackOffer />
        </Suspense>
      </main>
      <footer className="footer">
        <p>
          {PROVIDER_NAME} © {FOOTER_YEAR}
        </p>
      </footer>
    </>
  );
}
