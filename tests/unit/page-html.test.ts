import { describe, expect, it } from 'vitest';
import {
  afterPaintLoader,
  inlineStyles,
  type Manifest,
  pageHtml,
  startAfterPaint,
} from '../../server/modules/public-pages/page-html';

/** index.html as `vite build` writes it (the parts the server rewrites). */
const BUILT = `<!doctype html><html lang="pt-BR"><head><title>Memorial</title>
<script type="module" crossorigin src="/assets/index-AAA.js"></script>
<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-BBB.js">
<link rel="stylesheet" crossorigin href="/assets/index-CCC.css">
</head><body><noscript>Ative o JavaScript para usar o Memorial.</noscript>
<div id="root"></div></body></html>`;

const CSS: Record<string, string> = {
  'assets/index-CCC.css': 'body{margin:0}',
  'assets/page-DDD.css': '.page{color:red}',
};
const read = (file: string) => CSS[file] ?? null;

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-AAA.js', isEntry: true },
  'src/app/after-paint.ts': { file: 'assets/after-paint-EEE.js', isEntry: true },
};

describe('a rendered page as a document', () => {
  it('writes each stylesheet it can read into the page and keeps its link, disabled', () => {
    const html = inlineStyles(BUILT, read);
    expect(html).toContain(
      '<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-CCC.css" disabled>',
    );
    expect(html).not.toMatch(/<link rel="stylesheet" crossorigin href="[^"]+">/);
  });

  it('leaves a stylesheet it cannot read, or one that would close its <style>, linked', () => {
    expect(inlineStyles(BUILT, () => null)).toBe(BUILT);
    expect(inlineStyles(BUILT, () => 'a{}</style><script>x</script>')).toBe(BUILT);
  });

  it('starts the app through the loader: the entry and the preloads move into its tag', () => {
    const html = startAfterPaint(BUILT, afterPaintLoader(MANIFEST));
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-AAA.js">');
    expect(html).not.toContain('rel="modulepreload"');
    const tag = /<script [^>]*src="\/assets\/after-paint-EEE\.js"[^>]*><\/script>/.exec(html)?.[0];
    expect(tag).toContain('fetchpriority="low"');
    expect(tag).toContain('data-app="/assets/index-AAA.js"');
    expect(tag).toContain('data-preload="[&quot;/assets/rolldown-runtime-BBB.js&quot;]"');
  });

  it('without a loader in the build, the page keeps the entry and its preloads', () => {
    expect(startAfterPaint(BUILT, afterPaintLoader({}))).toBe(BUILT);
    expect(startAfterPaint(BUILT, afterPaintLoader(null))).toBe(BUILT);
  });

  it('puts it together: content, data, the page chunk’s styles written, its code preloaded by the loader', () => {
    const html = pageHtml(
      BUILT,
      { html: '<h1>Ana</h1>', title: 'Ana — Memorial' },
      { kind: 'recordNotFound', id: 'x', message: 'Sepultado não encontrado.' },
      [
        '<link rel="stylesheet" crossorigin href="/assets/page-DDD.css">',
        '<link rel="modulepreload" crossorigin href="/assets/page-FFF.js">',
      ],
      read,
      afterPaintLoader(MANIFEST),
    );
    expect(html).toContain('<title>Ana — Memorial</title>');
    expect(html).toContain('<div id="root"><h1>Ana</h1></div>');
    expect(html).toContain('<style>.page{color:red}</style>');
    expect(html).toContain(
      'data-preload="[&quot;/assets/rolldown-runtime-BBB.js&quot;,&quot;/assets/page-FFF.js&quot;]"',
    );
    expect(html).not.toContain('Ative o JavaScript');
  });
});
