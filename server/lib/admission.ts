/**
 * Bounds on concurrent work, one per lane (docs/decisions.md "Load shedding"): a request enters
 * its lane if fewer than the lane's bound are in it, or is refused at once — never queued, so a
 * crowd larger than the server can serve gets a quick 503 instead of waiting in line for
 * seconds while everyone's latency grows. Lanes are separate counters, so the public flood
 * (searches, record pages, tributes, sync) never takes the slots of logins and account links.
 *
 * The bound adapts to what the server really completes (Little's law): as many requests as it
 * finished in the last second would finish in TARGET_MS, never fewer than the lane's floor nor
 * more than its maximum (MAX_CONCURRENT). A fixed bound of 128 held p99 only while the server
 * did ~1,000 req/s; on a machine starved of CPU it finished ~50 req/s, and 128 in flight meant
 * 2.5 s each. A maximum of 0 turns the lane's limit off; a negative one refuses everything
 * (test faults).
 */
export type Lane = 'public' | 'account';

export interface LaneLimit {
  max: number;
  /** Never fewer slots than this (the database pool must stay busy, a slow start must grow). */
  floor: number;
}

/** How long the admitted requests should take, on average, at the current throughput. */
export const TARGET_MS = 150;
const BUCKET_MS = 250;
const BUCKETS = 4; // the last second

class Throughput {
  private readonly counts = new Array<number>(BUCKETS).fill(0);
  private at = 0; // index of the current bucket since the epoch, in BUCKET_MS

  constructor(private readonly now: () => number) {}

  private rotate(): number {
    const bucket = Math.floor(this.now() / BUCKET_MS);
    const steps = Math.min(BUCKETS, bucket - this.at);
    for (let i = 1; i <= steps; i++) this.counts[(this.at + i) % BUCKETS] = 0;
    if (steps > 0) this.at = bucket;
    return bucket % BUCKETS;
  }

  add(): void {
    const i = this.rotate();
    this.counts[i] = (this.counts[i] ?? 0) + 1;
  }

  /** Completions in the last second. */
  perSecond(): number {
    this.rotate();
    return this.counts.reduce((sum, n) => sum + n, 0);
  }
}

export class Admission {
  private readonly inFlight: Record<Lane, number> = { public: 0, account: 0 };
  private readonly done: Record<Lane, Throughput>;
  /** Refusals since start, per lane (the bench and the logs read them). */
  readonly refused: Record<Lane, number> = { public: 0, account: 0 };

  constructor(
    private readonly limits: Record<Lane, LaneLimit>,
    now: () => number = Date.now,
  ) {
    this.done = { public: new Throughput(now), account: new Throughput(now) };
  }

  /** True and one slot taken, or false (refused) when the lane is full. */
  tryEnter(lane: Lane): boolean {
    const max = this.limit(lane);
    if (max !== 0 && this.inFlight[lane] >= max) {
      this.refused[lane] += 1;
      return false;
    }
    this.inFlight[lane] += 1;
    return true;
  }

  leave(lane: Lane): void {
    this.inFlight[lane] = Math.max(0, this.inFlight[lane] - 1);
    this.done[lane].add();
  }

  /** A new maximum at run time (the test-only fault route forces shedding with -1). */
  setLimit(lane: Lane, max: number): void {
    this.limits[lane].max = max;
  }

  current(lane: Lane): number {
    return this.inFlight[lane];
  }

  /** The lane's bound now: 0 = off, negative = refuse all, else between floor and max. */
  limit(lane: Lane): number {
    const { max, floor } = this.limits[lane];
    if (max <= 0) return max;
    const fits = Math.ceil((this.done[lane].perSecond() * TARGET_MS) / 1000);
    return Math.min(max, Math.max(Math.min(floor, max), fits));
  }
}
