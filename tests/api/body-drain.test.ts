/**
 * A body refused while it is still arriving (a JSON body over 1 MiB, sent in chunks) must still
 * be answered: the server reads the rest before replying (server/plugins/drain.ts), so the
 * client finishes sending and reads its 413 instead of meeting a reset connection (EPIPE).
 * Over a real socket (node:http), since inject has no connection to close.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { UPLOAD_MSG } from '../../src/domain/upload-rules';
import { actor, auth, createRecord } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';

interface Answer {
  status: number;
  body: string;
}

/**
 * Sends the chunks with a pause between them, and answers once the whole body was written AND
 * the answer read — as a client that finishes sending before it reads would see it. Any write
 * error (EPIPE, reset), even after the answer came, fails.
 */
function sendSlowly(
  port: number,
  path: string,
  headers: Record<string, string>,
  chunks: Buffer[],
  pauseMs: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers });
    let answer: Answer | null = null;
    let sent = false;
    const settle = () => {
      if (answer && sent) resolve(answer);
    };
    req.on('error', reject);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        answer = { status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() };
        settle();
      });
      res.on('error', reject);
    });
    let i = 0;
    const next = () => {
      const chunk = chunks[i++];
      if (!chunk) {
        req.end(() => {
          sent = true;
          settle();
        });
        return;
      }
      req.write(chunk, (err) => {
        if (err) return reject(err);
        setTimeout(next, pauseMs);
      });
    };
    next();
  });
}

function jsonChunks(totalBytes: number, chunkBytes: number): Buffer[] {
  const head = Buffer.from('{"email":"a@b.co","password":"');
  const tail = Buffer.from('"}');
  const filler = totalBytes - head.length - tail.length;
  const all = Buffer.concat([head, Buffer.alloc(filler, 0x78), tail]);
  const out: Buffer[] = [];
  for (let at = 0; at < all.length; at += chunkBytes) out.push(all.subarray(at, at + chunkBytes));
  return out;
}

describe.each(engines)('a body refused mid-stream is still answered ($name)', (engine) => {
  let h: Harness;
  let port = 0;
  beforeAll(async () => {
    h = await startApp(engine);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('reads the 413 of a 2 MiB chunked JSON body every time', async () => {
    for (let round = 0; round < 5; round++) {
      const answer = await sendSlowly(
        port,
        '/api/users/login',
        { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        jsonChunks(2 * 1024 * 1024, 64 * 1024),
        round === 0 ? 20 : 2,
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: MSG.bodyTooLarge });
    }
  });

  it('reads the 413 of an upload over the file limit sent in chunks', async () => {
    const boundary = 'xYz0123456789';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="comentario"\r\n\r\nSaudades\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="imagem"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const file = Buffer.alloc(11 * 1024 * 1024, 0xff);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const all = Buffer.concat([head, file, tail]);
    const chunks: Buffer[] = [];
    for (let at = 0; at < all.length; at += 256 * 1024)
      chunks.push(all.subarray(at, at + 256 * 1024));
    const who = await actor(h, 'usuario');
    const record = await createRecord(h, await actor(h, 'admin'));
    const answer = await sendSlowly(
      port,
      `/api/sepultados/${record.id}/comentarios`,
      {
        ...auth(who),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
      chunks,
      1,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: UPLOAD_MSG.fileTooLarge });
  });
});
