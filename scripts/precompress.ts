/**
 * Vite plugin: writes brotli (.br) and gzip (.gz) copies beside every compressible file of the
 * build, after everything else (the service worker included) is written. @fastify/static serves
 * them with `preCompressed`, so the server does no compression work per request and a crowded
 * network at the cemetery gate carries about a third of the bytes (docs/decisions.md: static files).
 * Photos (PNG/JPEG/WebP) are already compressed and are left alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico|map)$/i;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Compresses every compressible file under `dir`; answers how many files were written. */
export async function precompressDir(dir: string): Promise<number> {
  const files = walk(dir).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (file) => {
      const raw = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: 9 }),
      ]);
      await Promise.all([
        fs.promises.writeFile(`${file}.br`, br),
        fs.promises.writeFile(`${file}.gz`, gz),
      ]);
    }),
  );
  return files.length;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'memorial-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After vite-plugin-pwa's own sequential closeBundle has written sw.js.
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
