/**
 * How a page the server rendered starts the app: once the page has painted with the photo it
 * leads with (an `<img fetchpriority="high">`: the record's first photo, the results' first
 * card), the app's code is asked for and hydrates the page. On a slow link the document, its
 * styles and that photo do not share the line with 140 KB of code they do not need to be read:
 * the rendered page's links and search forms work as plain HTML meanwhile. A page without such
 * a photo (/login) starts after its first frame. A photo that never finishes does not hold the
 * app back past START_AT_LATEST_MS. Its own entry, with no import: nothing else is fetched
 * before it runs (docs/decisions/0181-rendered-pages-start-the-app-after-paint.md).
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

/** Settles when the image has loaded or failed. */
const settled = (img: HTMLImageElement) =>
  img.complete
    ? Promise.resolve()
    : new Promise<void>((done) => {
        img.addEventListener('load', () => done(), { once: true });
        img.addEventListener('error', () => done(), { once: true });
      });

/**
 * Settles once the browser has reported the page's first contentful paint. A frame's callback
 * runs before that frame is presented: on a busy phone the presentation came later than the
 * callback and its next task, and the app's code was asked for before the page had painted.
 * Without paint timing, after the next frame.
 */
const painted = () =>
  new Promise<void>((done) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(done, 0));
      return;
    }
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      done();
    }).observe({ type: 'paint', buffered: true });
  });

// The module runs once the document is parsed; after the page's first paint and the lead
// photos, the frame that paints them, then a task: the photos are on screen, not only decoded.
const lead = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
void Promise.all([painted(), ...lead.map(settled)]).then(() =>
  requestAnimationFrame(() => setTimeout(start, 0)),
);
setTimeout(start, START_AT_LATEST_MS);
