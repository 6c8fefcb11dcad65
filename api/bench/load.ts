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
  /** One path asked again and again, or many asked in turn (each once if the run is short enough). */
  path: string | string[];
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  /** The status every answer must have; by default any 2xx. */
  status?: 304;
}

/** Requests per second and latency of one call under steady load from this (second) process. */
export async function measure(base: string, load: LoadCase, seconds: number): Promise<LoadResult> {
  const paths = [load.path].flat();
  let next = 0;
  const result = await autocannon({
    url: base + paths[0],
    method: load.method ?? 'GET',
    body: load.body,
    headers: { 'content-type': 'application/json', ...load.headers },
    connections: load.connections ?? 10,
    duration: seconds,
    requests:
      paths.length > 1
        ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }]
        : undefined,
  });
  return {
    name: load.name,
    method: load.method ?? 'GET',
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures:
      result.errors +
      result.timeouts +
      (load.status === 304 ? result['2xx'] + result['4xx'] + result['5xx'] : result.non2xx),
  };
}
