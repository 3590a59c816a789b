/**
 * Bounds on concurrent work, one per lane (docs/decisions.md "Load shedding"): a request enters
 * its lane if fewer than the lane's bound are in it, or is refused at once — never queued, so a
 * crowd larger than the server can serve gets a quick 503 instead of waiting in line for
 * seconds while everyone's latency grows. Lanes are separate counters, so the public flood
 * (searches, record pages, tributes, sync) never takes the slots of logins and account links.
 *
 * The bound adapts to how long the admitted requests take (additive increase, multiplicative
 * decrease, as TCP does with its window): while the recent average stays under TARGET_MS it
 * grows by one slot per adjustment up to the lane's maximum (MAX_CONCURRENT), and when the
 * average passes TARGET_MS it shrinks by a tenth, down to the lane's floor. An idle server
 * therefore takes a burst up to the maximum, and a server starved of CPU or database keeps
 * only what it serves in about TARGET_MS. A fixed 128 held p99 only while the server did ~1,000
 * req/s; on a starved machine 128 in flight meant seconds each. A maximum of 0 turns the
 * lane's limit off; a negative one refuses everything (test faults).
 */
export type Lane = 'public' | 'account';

export interface LaneLimit {
  max: number;
  /** Never fewer slots than this (the database pool must stay busy). */
  floor: number;
}

/** What the admitted requests should take on average. */
export const TARGET_MS = 150;
/** Weight of each completed request in the running average of durations. */
const EWMA_WEIGHT = 0.05;
/** The bound moves at most this often (a decrease must see its own effect first). */
const ADJUST_EVERY_MS = 100;

interface LaneState {
  inFlight: number;
  bound: number;
  averageMs: number;
  adjustedAt: number;
}

export class Admission {
  private readonly lanes: Record<Lane, LaneState>;
  /** Refusals since start, per lane (the bench and the logs read them). */
  readonly refused: Record<Lane, number> = { public: 0, account: 0 };

  constructor(
    private readonly limits: Record<Lane, LaneLimit>,
    private readonly now: () => number = Date.now,
  ) {
    const start = (lane: Lane): LaneState => ({
      inFlight: 0,
      bound: limits[lane].max,
      averageMs: 0,
      adjustedAt: 0,
    });
    this.lanes = { public: start('public'), account: start('account') };
  }

  /** True and one slot taken, or false (refused) when the lane is full. */
  tryEnter(lane: Lane): boolean {
    const max = this.limit(lane);
    const state = this.lanes[lane];
    if (max !== 0 && state.inFlight >= max) {
      this.refused[lane] += 1;
      return false;
    }
    state.inFlight += 1;
    return true;
  }

  /** Gives the slot back; `durationMs`: how long the request held it. */
  leave(lane: Lane, durationMs: number): void {
    const state = this.lanes[lane];
    state.inFlight = Math.max(0, state.inFlight - 1);
    state.averageMs += (durationMs - state.averageMs) * EWMA_WEIGHT;
    const now = this.now();
    if (now - state.adjustedAt < ADJUST_EVERY_MS) return;
    state.adjustedAt = now;
    const { max, floor } = this.limits[lane];
    if (max <= 0) return;
    state.bound =
      state.averageMs > TARGET_MS
        ? Math.max(Math.min(floor, max), Math.floor(state.bound * 0.9))
        : Math.min(max, state.bound + 1);
  }

  /** A new maximum at run time (the test-only fault route forces shedding with -1). */
  setLimit(lane: Lane, max: number): void {
    this.limits[lane].max = max;
    this.lanes[lane].bound = max;
  }

  current(lane: Lane): number {
    return this.lanes[lane].inFlight;
  }

  /** The lane's bound now: 0 = off, negative = refuse all, else between floor and max. */
  limit(lane: Lane): number {
    const { max } = this.limits[lane];
    return max <= 0 ? max : Math.min(max, this.lanes[lane].bound);
  }
}
