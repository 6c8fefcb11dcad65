import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  method: 'GET' | 'POST';
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

export interface LoadCase {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
}

/** Requests per second and latency of one call under steady load from this (second) process. */
export async function measure(base: string, load: LoadCase, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url: base + load.path,
    method: load.method ?? 'GET',
    body: load.body,
    headers: { 'content-type': 'application/json', ...load.headers },
    connections: load.connections ?? 10,
    duration: seconds,
  });
  return {
    name: load.name,
    method: load.method ?? 'GET',
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
