/**
 * Bounds on concurrent work, one per lane (docs/decisions.md "Load shedding"): a request enters
 * its lane if fewer than the lane's bound are in it, or is refused at once — never queued, so a
 * crowd larger than the server can serve gets a quick 503 instead of waiting in line for
 * seconds while everyone's latency grows. Lanes are separate counters, so the public flood
 * (searches, record pages, tributes, sync) never takes the slots of logins and account links.
 * A bound of 0 turns that lane's limit off; a negative one refuses everything (test faults).
 */
export type Lane = 'public' | 'account';

export interface AdmissionLimits {
  public: number;
  account: number;
}

export class Admission {
  private readonly inFlight: Record<Lane, number> = { public: 0, account: 0 };
  /** Refusals since start, per lane (the bench and the logs read them). */
  readonly refused: Record<Lane, number> = { public: 0, account: 0 };

  constructor(private readonly limits: AdmissionLimits) {}

  /** True and one slot taken, or false (refused) when the lane is full. */
  tryEnter(lane: Lane): boolean {
    const max = this.limits[lane];
    if (max !== 0 && this.inFlight[lane] >= max) {
      this.refused[lane] += 1;
      return false;
    }
    this.inFlight[lane] += 1;
    return true;
  }

  leave(lane: Lane): void {
    this.inFlight[lane] = Math.max(0, this.inFlight[lane] - 1);
  }

  /** A new bound at run time (the test-only fault route forces shedding with -1). */
  setLimit(lane: Lane, max: number): void {
    this.limits[lane] = max;
  }

  current(lane: Lane): number {
    return this.inFlight[lane];
  }

  limit(lane: Lane): number {
    return this.limits[lane];
  }
}
