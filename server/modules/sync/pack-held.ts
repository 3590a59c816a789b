/**
 * The visit pack's first downloads, held compressed (docs/decisions/0045-held-pack-snapshot.md).
 * On Finados hundreds of phones download the same cemetery; each page of 5,000 records
 * is a long read of the change stream, its tribute counts and ~0.5 MB of JSON to compress — on
 * a register of millions, under the crowd, most of the machine.
 *
 * Why a held page stays right (pack.ts's cursor): a page is the stream's rows after its cursor
 * below the horizon it was read at, and every write after that read gets a position above
 * every row the page carried. A phone that takes the page later, and walks on from its cursor,
 * meets every later write further on (flagged `again`, or `deleted`), exactly as if the page had
 * been read at that moment. So:
 *  - the first page of a cemetery (no `since`) is shared for FIRST_PAGE_MS: every phone that
 *    starts meanwhile walks the same dated snapshot, whose later pages are then the same too;
 *  - a full page after a cursor (`hasMore`, not `reset`) is held for PAGE_MS, by its cursor.
 * The last page (no `hasMore`) is never held: it is also a phone's delta sync, which must see
 * the newest writes. A database restore moves the sync epoch: the first page read fresh after it
 * (a walk of the older epoch reaches its last page at the latest, which answers `reset`) drops
 * every held page.
 *
 * Held: the schema's JSON compressed once (brotli or gzip, as asked; the other made from it when
 * a client asks), not the answer object — ~30 B a record, so the 1.5 M-record cemetery's whole
 * first download fits in MAX_BYTES. Least recently used go first; concurrent misses of one page
 * share one read. `PACK_HOLD=off` reads every page (the walk bench's "before").
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PackAnswer } from '../../../src/domain/sync-types';
import { Semaphore } from '../../lib/semaphore';
import { inFirstDownload, PACK_LIMIT } from './pack-cursor';

export const FIRST_PAGE_MS = 15 * 60_000;
export const PAGE_MS = 60 * 60_000;
const MAX_BYTES = 96 * 1024 * 1024;
const ENTRY_OVERHEAD = 512;

export type PackEncoding = 'br' | 'gzip' | null;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
const unbrotli = promisify(zlib.brotliDecompress);

/** A held page: its tag and its bytes in the encodings asked for so far. */
interface Held {
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  expires: number;
  bytes: number;
}

/** What the route sends: a held page's bytes, or an answer to send the usual way. */
export type PackReply =
  | { kind: 'held'; etag: string; expires: number; encoding: PackEncoding; body: Buffer }
  | { kind: 'answer'; answer: PackAnswer };

export interface PackPageKey {
  since?: string | undefined;
  limit: number;
  cemiterio?: string | undefined;
}

function encode(json: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(json, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      })
    : gzip(json, { level: 6 });
}

/** The same JSON, from one encoding (null: plain) to another. */
async function recode(body: Buffer, from: PackEncoding, to: PackEncoding): Promise<Buffer> {
  if (from === to) return body;
  const json = from === 'br' ? await unbrotli(body) : from === 'gzip' ? await gunzip(body) : body;
  return to ? encode(json, to) : json;
}

export class PackHeld {
  private readonly entries = new Map<string, Held>();
  private readonly reading = new Map<string, Promise<PackReply>>();
  private totalBytes = 0;
  /**
   * First downloads' pages are read one at a time: such a page is the heaviest public read
   * under a crowd, and phones downloading several cemeteries at once took both cores
   * from the searches and record pages. The phones behind wait; what is held is sent at once.
   * A delta sync's page (small) never waits for them.
   */
  private readonly reads = new Semaphore(1);
  /** The sync epoch of the held pages (pack.ts's cursor starts with it). */
  private epoch = '';

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxBytes = MAX_BYTES,
    readonly enabled = process.env.PACK_HOLD !== 'off',
  ) {}

  /**
   * The page for `key`: held, or read by `read` and serialized by `serialize` (the route's
   * response schema), then held when it is a full page of a walk.
   */
  async page(
    key: PackPageKey,
    encoding: PackEncoding,
    read: () => Promise<PackAnswer>,
    serialize: (answer: PackAnswer) => string,
    etagOf: (answer: PackAnswer) => string,
  ): Promise<PackReply> {
    if (!this.enabled) return { kind: 'answer', answer: await read() };
    const id = `${key.cemiterio ?? '*'} ${Math.min(Math.max(1, key.limit), PACK_LIMIT.max)} ${key.since ?? ''}`;
    const held = this.take(id);
    if (held) return this.send(id, held, encoding);
    const pending = this.reading.get(id);
    if (pending)
      return pending.then((r) => (r.kind === 'held' ? this.reencode(id, r, encoding) : r));
    const work = (async (): Promise<PackReply> => {
      const answer = await (inFirstDownload(key.since) ? this.reads.run(read) : read());
      // Another epoch (the database was restored): no held page belongs to it any more.
      const epoch = answer.cursor.slice(0, answer.cursor.indexOf('.'));
      if (epoch !== this.epoch) {
        this.clear();
        this.epoch = epoch;
      }
      if (!answer.hasMore || answer.reset) return { kind: 'answer', answer };
      const json = Buffer.from(serialize(answer));
      const made = encoding ?? 'gzip';
      const body = await encode(json, made);
      const entry: Held = {
        etag: etagOf(answer),
        [made]: body,
        expires: this.now() + (key.since ? PAGE_MS : FIRST_PAGE_MS),
        bytes: body.length + ENTRY_OVERHEAD,
      };
      this.put(id, entry);
      const { etag, expires } = entry;
      return encoding === made
        ? { kind: 'held', etag, expires, encoding, body }
        : { kind: 'held', etag, expires, encoding: null, body: json };
    })();
    this.reading.set(id, work);
    try {
      return await work;
    } finally {
      this.reading.delete(id);
    }
  }

  /** Bytes held (for tests and the bench's report). */
  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  private take(id: string): Held | undefined {
    const held = this.entries.get(id);
    if (!held) return undefined;
    this.remove(id);
    if (held.expires <= this.now()) return undefined;
    this.entries.set(id, held);
    this.totalBytes += held.bytes;
    return held;
  }

  /** A page shared with a read in flight, in this request's encoding. */
  private async reencode(id: string, r: PackReply & { kind: 'held' }, encoding: PackEncoding) {
    if (r.encoding === encoding) return r;
    const held = this.entries.get(id);
    if (held) return this.send(id, held, encoding);
    // Let go meanwhile (the bound): made again from the bytes in hand.
    return { ...r, encoding, body: await recode(r.body, r.encoding, encoding) };
  }

  private async send(id: string, held: Held, encoding: PackEncoding): Promise<PackReply> {
    const { etag, expires } = held;
    const ready = encoding && held[encoding];
    if (encoding && ready) return { kind: 'held', etag, expires, encoding, body: ready };
    const body = held.br
      ? await recode(held.br, 'br', encoding)
      : await recode(held.gzip as Buffer, 'gzip', encoding);
    // Kept beside the other: the next phone asking this encoding gets it as it is.
    if (encoding && this.entries.get(id) === held && !held[encoding]) {
      held[encoding] = body;
      held.bytes += body.length;
      this.totalBytes += body.length;
      this.shrink();
    }
    return { kind: 'held', etag, expires, encoding, body };
  }

  private put(id: string, entry: Held): void {
    this.remove(id);
    this.entries.set(id, entry);
    this.totalBytes += entry.bytes;
    this.shrink();
  }

  private remove(id: string): void {
    const held = this.entries.get(id);
    if (!held) return;
    this.totalBytes -= held.bytes;
    this.entries.delete(id);
  }

  /** Expired pages at the front go first, then the least recently used past the bound. */
  private shrink(): void {
    const now = this.now();
    for (const [id, held] of this.entries) {
      if (this.totalBytes <= this.maxBytes && held.expires > now) break;
      this.remove(id);
    }
  }
}
