/** Figures of the soak scenario: per-operation latencies and counts, RSS of the server. */
import fs from 'node:fs';

export class OpStats {
  readonly ms: number[] = [];
  ok = 0;
  client4xx = 0;
  throttled = 0;
  server5xx = 0;
  errors = 0;

  record(status: number, ms: number): void {
    this.ms.push(ms);
    if (status === 0) this.errors += 1;
    else if (status >= 500) this.server5xx += 1;
    else if (status === 429) this.throttled += 1;
    else if (status >= 400) this.client4xx += 1;
    else this.ok += 1;
  }

  percentile(p: number): number {
    if (this.ms.length === 0) return 0;
    const sorted = [...this.ms].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  }
}

/** Resident set size of a process in MiB (Linux /proc), or null where unavailable. */
export function rssMiB(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
