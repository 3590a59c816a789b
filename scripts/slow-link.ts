/**
 * The link between Chromium and the server, as a TCP relay that the page and the service worker
 * both cross: the benchmarks slow it (`throttle`), the end-to-end tests cut it (`setDown`).
 * It exists because the browser's own emulation does not reach the service worker: CDP's
 * Network.emulateNetworkConditions is per target (the page's session does not slow the worker's
 * fetches, a Background Sync drain), Playwright's setOffline(false) resets the worker's
 * conditions to none, and a persistent profile's worker, relaunched, fetches through
 * Playwright's `offline: true`.
 *  - Throttled, each direction passes through one shared pipe of `bytesPerSecond` (every
 *    connection queues on it, as on a phone's radio) and every chunk is delayed by half the
 *    round trip. What the relay has read and not yet delivered is the phone's side of the
 *    radio: a cut loses it.
 *  - Down, it is a dead network, not a failing server: open connections are reset and new ones
 *    reset as they arrive, so the browser gets no answer at all (never an HTTP status).
 *  - It notes the request line of each HTTP/1.1 request that crosses it towards the server
 *    (`requests`), so a test can count what was sent, not only what the server kept.
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

  /** A cut: what was queued is gone, so nothing after it waits behind it. */
  clear() {
    this.freeAt = 0;
  }
}

/** Copies `from` to `to` through `pipe`, chunk order kept (one timer at a time per socket). */
function relay(from: net.Socket, to: net.Socket, pipe: Pipe, onData?: (data: Buffer) => void) {
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
    onData?.(data);
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
  from.on('close', () => {
    // Cut: nothing queued is delivered after the socket it came from is gone.
    if (!ended) {
      queue.length = 0;
      if (timer) clearTimeout(timer);
      timer = null;
    }
  });
}

// Not anchored at a line start: on a kept-alive connection a request follows the body of the
// one before, which need not end with a line break (JSON does not).
const REQUEST_LINE = /(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\/\S*) HTTP\/1\.[01]\r\n/g;

/**
 * The request lines in one connection's bytes towards the server. A line split between two
 * reads is found in the next one (the tail after the last line found is carried over).
 */
function requestLines(onLine: (line: string) => void): (data: Buffer) => void {
  let carry = '';
  return (data) => {
    const text = carry + data.toString('latin1');
    let end = 0;
    for (const m of text.matchAll(REQUEST_LINE)) {
      onLine(`${m[1]} ${m[2]}`);
      end = (m.index ?? 0) + m[0].length;
    }
    carry = text.slice(Math.max(end, text.length - 2048));
  };
}

export async function startSlowLink(target: string, options: LinkOptions) {
  const { hostname, port } = new URL(target);
  const link = { on: false, options, down: false };
  const up = new Pipe(link);
  const down = new Pipe(link);
  const sockets = new Set<net.Socket>();
  const requests: string[] = [];
  const server = net.createServer((client) => {
    if (link.down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    relay(
      client,
      upstream,
      up,
      requestLines((line) => requests.push(line)),
    );
    relay(upstream, client, down);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    /** Slow from now on (true, with these options if given) or a plain relay (false). */
    throttle(on: boolean, newOptions?: LinkOptions) {
      link.on = on;
      if (newOptions) link.options = newOptions;
    },
    /**
     * Down (true): every open connection is reset and what the relay still held is lost; new
     * ones are reset as they arrive. Up (false): a plain relay again (the throttle as it was).
     */
    setDown(isDown: boolean) {
      link.down = isDown;
      if (!isDown) return;
      for (const s of sockets) s.resetAndDestroy();
      sockets.clear();
      up.clear();
      down.clear();
    },
    /** Bytes relayed each way since the last reset. */
    bytes: () => ({ up: up.bytes, down: down.bytes }),
    /** "METHOD /path" of each request that crossed towards the server since the last reset. */
    requests: () => [...requests],
    reset() {
      up.bytes = 0;
      down.bytes = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
