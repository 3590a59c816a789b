/**
 * A server-rendered page as a document: the built index.html (its scripts, styles and head as
 * the browser's build made them) with the rendered markup in #root, the page's public data in a
 * JSON script (data, never run: the CSP's script-src does not apply to it), its title, and the
 * stylesheets and module preloads of the page's own code. Pure.
 */
import {
  PUBLIC_DATA_ID,
  type PublicPageData,
  type RenderedPage,
} from '../../../src/domain/public-page';

/** The client build's manifest (vite build.manifest): a chunk's file, imports and styles. */
export type Manifest = Record<
  string,
  { file: string; name?: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;

const ROOT = '<div id="root"></div>';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/** JSON safe inside <script>: no "</script>" nor "<!--" can close or bend it. */
const scriptJson = (data: unknown) =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The <link>s of a page's chunk: its styles (else the rendered page would show unstyled until
 * its code came) and its code with what it imports as module preloads (hydration needs them),
 * each once, minus the entry's (the shell links those).
 */
export function chunkLinks(manifest: Manifest | null, chunk: string, shell: string): string[] {
  const source = Object.keys(manifest ?? {}).find(
    (key) => manifest?.[key]?.name === chunk && manifest[key]?.file.endsWith('.js'),
  );
  if (!manifest || !source) return [];
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    const entry = manifest[key];
    if (!entry || entry.isEntry || seen.has(key)) return;
    seen.add(key);
    js.add(entry.file);
    for (const file of entry.css ?? []) css.add(file);
    for (const next of entry.imports ?? []) walk(next);
  };
  walk(source);
  const notInShell = (file: string) => !shell.includes(`/${file}"`);
  return [
    ...[...css].filter(notInShell).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...[...js].filter(notInShell).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
}

/** A built stylesheet's text by its file under the client's folder (`assets/x.css`), or null. */
export type StyleReader = (file: string) => string | null;

/**
 * The page's stylesheets written into it, so its first paint waits for the document alone, not
 * for a round trip per stylesheet (three on the record page). Each `<link>` stays, `disabled`:
 * a disabled stylesheet is not fetched, and the app's loader (Vite's preload helper), finding
 * its `<link>`, does not fetch it again when the page's code asks for its styles.
 */
export function inlineStyles(html: string, read: StyleReader): string {
  return html.replace(
    /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
    (link, file: string) => {
      const css = read(file);
      if (css === null || /<\/style/i.test(css)) return link;
      return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
    },
  );
}

/** The rendered pages' loader in the client build (src/app/after-paint.ts), if built. */
export const afterPaintLoader = (manifest: Manifest | null): string | null =>
  manifest?.['src/app/after-paint.ts']?.file ?? null;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The app started after the page has painted (src/app/after-paint.ts): the entry's script and
 * the module preloads give way to the loader, which asks for the same files once the page and
 * its photos are on screen. Without a loader in the build, the page as it was.
 */
export function startAfterPaint(html: string, loader: string | null): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!loader || !entry) return html;
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const tag = `<script type="module" crossorigin fetchpriority="low" src="/${loader}" data-app="${escapeHtml(entry)}" data-preload="${escapeHtml(JSON.stringify(preload))}"></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => tag);
}

export function pageHtml(
  shell: string,
  page: RenderedPage,
  data: PublicPageData,
  links: string[],
  styles: StyleReader = () => null,
  loader: string | null = null,
): string {
  if (!shell.includes(ROOT)) throw new Error('index.html sem <div id="root"></div>');
  // React puts the resources it hoists (image preloads) first: they belong in the head.
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(page.html)?.[0] ?? '';
  const markup = page.html.slice(hoisted.length);
  const data_ = `<script type="application/json" id="${PUBLIC_DATA_ID}">${scriptJson(data)}</script>`;
  const html = shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `${hoisted}${links.join('')}</head>`)
    // The page is readable without JavaScript: the shell's "turn JavaScript on" does not apply.
    .replace(/<noscript>[^<]*<\/noscript>\s*/, '')
    .replace(ROOT, () => `<div id="root">${markup}</div>${data_}`);
  return startAfterPaint(inlineStyles(html, styles), loader);
}
