/**
 * Sends a held answer as bytes made once: its JSON (the route's response schema serializer) and,
 * when the client accepts it, its brotli or gzip copy, kept beside the answer object for as long
 * as a cache holds that object (a WeakMap: dropped with it). On Finados a held search answer is
 * sent hundreds of times; serializing a union schema and compressing ~10 KB each time was most
 * of what a cached search still cost (docs/decisions/0050-search-answer-cache.md).
 * Answers below the compression threshold go as plain JSON, as @fastify/compress would send them.
 */
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSED } from '../plugins/compression';

interface Encoded {
  json: string;
  br?: Buffer;
  gzip?: Buffer;
}

const made = new WeakMap<object, Encoded>();

/** br, else gzip, else none — from Accept-Encoding (an encoding with q=0 is refused). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Sends JSON made before, as bytes compressed with `encoding` (null: plain). */
export function sendJsonBytes(
  reply: FastifyReply,
  body: string | Buffer,
  encoding: 'br' | 'gzip' | null,
) {
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, answer: object) {
  const encoded = made.get(answer) ?? { json: String(reply.serialize(answer)) };
  made.set(answer, encoded);
  const encoding =
    Buffer.byteLength(encoded.json) >= COMPRESSED.threshold
      ? pickEncoding(request.headers['accept-encoding'])
      : null;
  if (encoding === 'br') {
    encoded.br ??= zlib.brotliCompressSync(encoded.json, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    return sendJsonBytes(reply, encoded.br, 'br');
  }
  if (encoding === 'gzip') {
    encoded.gzip ??= zlib.gzipSync(encoded.json);
    return sendJsonBytes(reply, encoded.gzip, 'gzip');
  }
  return sendJsonBytes(reply, encoded.json, null);
}
