/** One autocannon run, reduced to the figures the report needs. */
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export interface LoadOptions {
  connections?: number;
  durationSeconds?: number;
  headers?: Record<string, string>;
  /** Different paths per request (e.g. random ids), cycled by autocannon. */
  paths?: string[];
}

export async function runLoad(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const base = new URL(url);
  const result = await autocannon({
    url: base.origin,
    connections: options.connections ?? 50,
    duration: options.durationSeconds ?? 10,
    headers: options.headers ?? {},
    requests: (options.paths ?? [base.pathname + base.search]).map((path) => ({
      method: 'GET' as const,
      path,
    })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
