/** The frame of the routes with navbar, container and footer. */
import { Outlet } from 'react-router-dom';
import { PackOffer } from '../features/offline/pack-offer';
import { FOOTER_YEAR, PROVIDER_NAME } from './branding';
import { Navbar } from './navbar';

export function Layout() {
  return (
    <>
      <Navbar />
      <main className="container">
        <PackOffer />
        <Outlet />
      </main>
      <footer className="footer">
        <p>
          {PROVIDER_NAME} © {FOOTER_YEAR}
        </p>
      </footer>
    </>
  );
}
