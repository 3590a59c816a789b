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
import type { Manifest } from './page-html';

export interface Rendering {
  renderer: PublicPageRenderer;
  /** The built index.html. */
  shell: string;
  manifest: Manifest | null;
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
      };
    })();
    return loading;
  };
}
