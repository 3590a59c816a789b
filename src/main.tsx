import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { appTree } from './app/app-tree';
import { loadDetailPage } from './app/routes';
import { askEarly } from './data/burials';
import { readPublicData } from './data/public-data';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root ausente em index.html');

// A public page the server rendered carries its data; the service worker's shell carries none
// (docs/decisions/0172-server-rendered-public-pages.md).
const publicData = readPublicData(document);
// The QR landing: its record and its page's code are asked for now, side by side, not one
// after the other once the app has rendered (LCP of the first visit;
// docs/decisions/0056-first-visit-stability.md). A rendered page already holds the record.
const held = publicData?.kind === 'record' ? publicData.record : undefined;
if (askEarly(window.location.pathname, held)) loadDetailPage().catch(() => undefined);

/**
 * `<html data-app="running">` from the app's first commit on: a page the server rendered is
 * readable before, but its buttons that need the app answer only from then (the end-to-end
 * tests wait for it before pressing them).
 */
function Running() {
  useEffect(() => {
    document.documentElement.dataset.app = 'running';
  }, []);
  return null;
}

const tree = appTree(publicData, (routes) => (
  <BrowserRouter>
    <Running />
    {routes}
  </BrowserRouter>
));
// The first render as a transition: React renders it in slices of a few milliseconds and
// yields between them, instead of one long task a cheap phone's CPU cannot answer a tap in
// (docs/decisions/0057-first-visit-long-tasks.md). Hydration likewise.
// In a task of its own, after the one that evaluated the code: hydrateRoot's set-up (a listener
// per event on the root) made that task a few milliseconds longer than a cheap phone answers in.
setTimeout(() =>
  startTransition(() => {
    // A mismatch is reported as an uncaught error (React's default; the end-to-end tests fail on it).
    if (publicData) hydrateRoot(root, tree);
    else createRoot(root).render(tree);
  }),
);
