/**
 * Every static response of the built PWA travels compressed: brotli when the browser accepts it,
 * gzip otherwise, always with `Vary: Accept-Encoding`, from the copies the build wrote (no work
 * per request). Hashed assets are immutable for a year; the rest revalidates by ETag. The API's
 * JSON keeps its own compression. Runs against the real server and the real build.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { startAppServer } from './harness';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(base: string, url: string, encoding: string, extra = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(url, base), { headers: { 'accept-encoding': encoding, ...extra } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

function decode(answer: Answer): Buffer {
  const enc = answer.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(answer.body);
  if (enc === 'gzip') return zlib.gunzipSync(answer.body);
  return answer.body;
}

const root = path.resolve('dist/client');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest)$/;

/** The build's manifest: read by the server to link a rendered page's chunks, never served. */
const BUILD_MANIFEST = '.vite';

function builtTextFiles(dir = root): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === BUILD_MANIFEST ? [] : builtTextFiles(full);
    return TEXT.test(e.name) ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

describe('static files are pre-compressed and cached sensibly', () => {
  let server: ServerProcess;
  const files = builtTextFiles();

  beforeAll(async () => {
    server = await startAppServer({ env: { SEED: 'demo' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the build has the shell, the worker, the manifest and its chunks', () => {
    for (const f of ['index.html', 'sw.js', 'manifest.webmanifest', 'favicon.svg'])
      expect(files).toContain(f);
    expect(
      files.filter((f) => f.startsWith('assets/') && f.endsWith('.js')).length,
    ).toBeGreaterThan(5);
  });

  it('the build’s own manifest is not served', async () => {
    expect(fs.existsSync(path.join(root, BUILD_MANIFEST, 'manifest.json'))).toBe(true);
    const answer = await get(server.url, `/${BUILD_MANIFEST}/manifest.json`, 'br');
    expect(answer.status).toBe(404);
  });

  it('sends every text file as brotli when accepted, else gzip, with Vary', async () => {
    for (const file of files) {
      const original = fs.readFileSync(path.join(root, file));
      for (const [accept, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
      ] as const) {
        const answer = await get(server.url, `/${file}`, accept);
        expect(answer.status, file).toBe(200);
        expect(answer.headers['content-encoding'], `${file} (${accept})`).toBe(expected);
        expect(String(answer.headers.vary).toLowerCase(), file).toContain('accept-encoding');
        expect(decode(answer).equals(original), file).toBe(true);
        expect(answer.body.length, file).toBeLessThan(original.length + 32);
      }
    }
  });

  it('hashed assets are immutable without validators; the rest revalidates by ETag', async () => {
    for (const file of files) {
      const answer = await get(server.url, `/${file}`, 'br');
      const cc = String(answer.headers['cache-control']);
      if (file.startsWith('assets/')) {
        expect(cc, file).toBe('public, max-age=31536000, immutable');
        // Never revalidated: validators would be bytes on every first-visit request for nothing.
        expect(answer.headers.etag, file).toBeUndefined();
        expect(answer.headers['last-modified'], file).toBeUndefined();
      } else {
        expect(cc, file).toBe('no-cache');
        expect(answer.headers.etag, file).toBeTruthy();
      }
    }
    for (const image of ['sep.png', 'sepultura-padrao.png', 'icons/icon-192.png']) {
      const answer = await get(server.url, `/${image}`, 'br');
      expect(answer.headers['cache-control'], image).toBe('no-cache');
      const again = await get(server.url, `/${image}`, 'br', {
        'if-none-match': String(answer.headers.etag),
      });
      expect(again.status, image).toBe(304);
    }
  });

  it('app routes get the compressed shell', async () => {
    const shell = fs.readFileSync(path.join(root, 'index.html'));
    for (const route of ['/', '/offline', '/sepultados/meumemorial', '/admin/prazos']) {
      const answer = await get(server.url, route, 'br, gzip');
      expect(answer.headers['content-encoding'], route).toBe('br');
      expect(String(answer.headers.vary).toLowerCase(), route).toContain('accept-encoding');
      expect(answer.headers['cache-control'], route).toBe('no-cache');
      expect(decode(answer).equals(shell), route).toBe(true);
    }
  });

  it('a page the server renders travels compressed too, revalidated like the shell', async () => {
    for (const [route, status] of [
      ['/sepultados/abc', 404],
      [`/sepultados/${'f'.repeat(24)}`, 404],
      ['/sepultados/pesquisa?q=maria', 200],
      ['/login', 200],
      [`/cemiterios/${'f'.repeat(24)}`, 404],
    ] as const) {
      const answer = await get(server.url, route, 'br, gzip');
      expect(answer.status, route).toBe(status);
      expect(answer.headers['content-encoding'], route).toBe('br');
      expect(String(answer.headers.vary).toLowerCase(), route).toContain('accept-encoding');
      expect(answer.headers['cache-control'], route).toBe('no-cache');
      expect(decode(answer).toString('utf8'), route).toContain('<div id="root"><');
    }
  });

  it('the API keeps compressing its JSON', async () => {
    const answer = await get(server.url, '/api/sepultados/pesquisa?q=maria&limit=50', 'br, gzip');
    expect(answer.status).toBe(200);
    expect(['br', 'gzip']).toContain(answer.headers['content-encoding']);
    expect(JSON.parse(decode(answer).toString('utf8')).sepultados.length).toBeGreaterThan(0);
  });
});
