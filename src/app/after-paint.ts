/**
 * How a page the server rendered starts the app: once the page has painted with its photos
 * (the window's load event, then a frame), the app's code is asked for and hydrates the page.
 * On a slow link the document, its styles and the photo a family came for do not share the line
 * with 140 KB of code they do not need to be read: the rendered page's links and search forms
 * work as plain HTML meanwhile. A photo that never finishes does not hold the app back past
 * START_AT_LATEST_MS. Its own entry, with no import: nothing else is fetched before it runs
 * (docs/decisions/0181-rendered-pages-start-the-app-after-paint.md).
 *
 * The script tag carries what to start: `data-app` (the app's entry) and `data-preload` (JSON,
 * the modules the page's code needs, asked for side by side with the entry).
 */
export {};

const START_AT_LATEST_MS = 4000;

const tag = document.querySelector<HTMLScriptElement>('script[data-app]');
let started = false;

function start() {
  const app = tag?.dataset.app;
  if (started || !app) return;
  started = true;
  let preload: unknown = [];
  try {
    preload = JSON.parse(tag?.dataset.preload ?? '[]');
  } catch {
    // Only a hint: the entry still brings what it imports.
  }
  for (const href of Array.isArray(preload) ? preload : []) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = app;
  document.head.append(script);
}

// After the frame that follows the load event: the photos are on screen, not only decoded.
const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0));

if (document.readyState === 'complete') afterNextFrame();
else window.addEventListener('load', afterNextFrame, { once: true });
setTimeout(start, START_AT_LATEST_MS);
