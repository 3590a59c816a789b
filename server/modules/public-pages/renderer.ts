/**
 * The public pages' render (src/entry-server.tsx, built into SSR_ENTRY) and the built shell it
 * fills, loaded on the first page asked for, not at start: a server nobody visits keeps neither
 * React nor the components in memory. Either missing (a server started without the build), or
 * failing to load, means no server rendering: every page is the shell, as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicPageRenderer } from '../../../src/domain/public-page';
import type { Manifest, StyleReader } from './page-html';

export interface Rendering {
  renderer: PublicPageRenderer;
  /** The built index.html. */
  shell: string;
  manifest: Manifest | null;
  /** The built stylesheets the pages write into themselves, read once each. */
  styles: StyleReader;
}

function styleReader(clientDir: string): StyleReader {
  const read = new Map<string, string | null>();
  return (file) => {
    if (!read.has(file)) {
      const full = path.resolve(clientDir, file);
      // Only the client's own assets: the name comes from the built HTML, but a path is a path.
      const inside = full.startsWith(path.resolve(clientDir) + path.sep) && full.endsWith('.css');
      let css: string | null = null;
      try {
        css = inside ? fs.readFileSync(full, 'utf8') : null;
      } catch {
        css = null;
      }
      read.set(file, css);
    }
    return read.get(file) ?? null;
  };
}

function readManifest(clientDir: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'));
  } catch {
    return null;
  }
}

export function renderingLoader(clientDir: string, ssrEntry: string) {
  let loading: Promise<Rendering> | null = null;
  return (): Promise<Rendering> => {
    loading ??= (async () => {
      // React's production build unless told otherwise: the development one checks and warns
      // on every render, slower and larger. Only when unset: a test run's "test" stays.
      process.env.NODE_ENV ??= 'production';
      const module = (await import(pathToFileURL(ssrEntry).href)) as {
        renderer: PublicPageRenderer;
      };
      return {
        renderer: module.renderer,
        shell: fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'),
        manifest: readManifest(clientDir),
        styles: styleReader(clientDir),
      };
    })();
    return loading;
  };
}
