/**
 * A slow link between Chromium and the server: a TCP relay that, once `throttle` is on, passes
 * each direction through one shared pipe of `bytesPerSecond` (every connection queues on it, as
 * on a phone's radio) and delays every chunk by half the round trip. It exists because CDP's
 * Network.emulateNetworkConditions is per target: the page's session does not slow the service
 * worker's fetches (a Background Sync drain), and Playwright's setOffline(false) resets the
 * worker's conditions to none. Here the page and the worker cross the same link.
 */
import net from 'node:net';

export interface LinkOptions {
  bytesPerSecond: number;
  roundTripMs: number;
}

/** One direction of the link: its queue is drained in order, never faster than the rate. */
class Pipe {
  private freeAt = 0;
  bytes = 0;
  constructor(private readonly link: { on: boolean; options: LinkOptions }) {}

  /** When a chunk handed over now arrives at the far end. */
  arrival(size: number, now: number): number {
    this.bytes += size;
    if (!this.link.on) return now;
    const { bytesPerSecond, roundTripMs } = this.link.options;
    this.freeAt = Math.max(now, this.freeAt) + (size / bytesPerSecond) * 1000;
    return this.freeAt + roundTripMs / 2;
  }
}

/** Copies `from` to `to` through `pipe`, chunk order kept (one timer at a time per socket). */
function relay(from: net.Socket, to: net.Socket, pipe: Pipe) {
  const queue: { at: number; chunk: Buffer }[] = [];
  let ended = false;
  let timer: NodeJS.Timeout | null = null;
  const pump = () => {
    timer = null;
    while (queue.length > 0 && (queue[0]?.at ?? 0) <= performance.now()) {
      const next = queue.shift();
      if (next && !to.destroyed) to.write(next.chunk);
    }
    if (queue.length > 0) timer = setTimeout(pump, (queue[0]?.at ?? 0) - performance.now());
    else if (ended) to.end();
  };
  from.on('data', (data: Buffer) => {
    // 16 KB slices: a large write is not delivered all at once after its whole transfer time.
    for (let i = 0; i < data.length; i += 16_384) {
      const chunk = data.subarray(i, i + 16_384);
      queue.push({ at: pipe.arrival(chunk.length, performance.now()), chunk });
    }
    if (!timer) pump();
  });
  from.on('end', () => {
    ended = true;
    if (!timer) pump();
  });
  from.on('error', () => to.destroy());
}

export async function startSlowLink(target: string, options: LinkOptions) {
  const { hostname, port } = new URL(target);
  const link = { on: false, options };
  const up = new Pipe(link);
  const down = new Pipe(link);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    relay(client, upstream, up);
    relay(upstream, client, down);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    /** Slow from now on (true) or a plain relay (false). */
    throttle(on: boolean) {
      link.on = on;
    },
    /** Bytes relayed each way since the last reset. */
    bytes: () => ({ up: up.bytes, down: down.bytes }),
    reset() {
      up.bytes = 0;
      down.bytes = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
