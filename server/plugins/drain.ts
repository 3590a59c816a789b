/**
 * Reading the rest of a refused request before answering. When a body is refused mid-stream
 * (a JSON body over 1 MiB, an upload over its limits), Fastify answers at once and closes the
 * connection while the client is still sending: the client's next write meets a closed socket
 * (EPIPE/reset) and it may never read the 413. Discarding what is still coming, up to a bound,
 * lets every well-behaved client read its answer; a sender past the bound is cut off, since
 * reading forever would be a free way to hold the server.
 */
import type { IncomingMessage } from 'node:http';

const DRAIN_LIMITS = {
  /** Bytes read and thrown away after the refusal at most. */
  maxBytes: 16 * 1024 * 1024,
  /** Time spent waiting for the rest of the body at most. */
  maxMs: 15_000,
};

/** Resolves true once the request body has ended, false when a bound cut it off. */
export function drainRequest(raw: IncomingMessage, limits = DRAIN_LIMITS): Promise<boolean> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      raw.removeListener('data', onData);
      raw.removeListener('end', onEnd);
      raw.removeListener('error', onError);
      raw.removeListener('close', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) {
        finish(false);
        raw.destroy();
      }
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(() => {
      finish(false);
      raw.destroy();
    }, limits.maxMs);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onError);
    raw.on('close', onClose);
    // Whatever was piped into a parser (busboy) has stopped; flow into nowhere.
    raw.unpipe();
    raw.resume();
  });
}
