/**
 * A `Link` header on the app shell that names the chunks of the public page asked for (the
 * QR landing /sepultados/{id}, the search results), so the browser fetches them alongside the
 * boot chunk instead of after it has run: one round trip less on a crowded network before the
 * record shows (README: first visit). The chunks come from Vite's build manifest; without it,
 * or for any other route, no header. Logged-in pages are left out: the server cannot tell a
 * session (it lives in the browser) and a visitor sent to /login would pay for them.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const PUBLIC_PAGES: { route: RegExp; source: string }[] = [
  { route: /^\/sepultados\/[0-9a-f]{24}$/, source: 'src/features/burials/detail-page.tsx' },
  { route: /^\/sepultados\/pesquisa$/, source: 'src/features/search/results-page.tsx' },
];

/** Route pathname → Link header value (null: nothing to announce). */
export function routePreloads(clientDir: string): (pathname: string) => string | null {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const headers = PUBLIC_PAGES.map(({ route, source }) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(source);
    const links = [
      ...[...scripts].map((f) => `</${f}>; rel=modulepreload`),
      ...[...styles].map((f) => `</${f}>; rel=preload; as=style`),
    ];
    return { route, value: links.length > 0 ? links.join(', ') : null };
  });
  return (pathname) => headers.find((h) => h.route.test(pathname))?.value ?? null;
}
