import { Worker } from 'node:worker_threads';

/** One download as the thread saw it: status, first byte after the request in ms, and bytes received. */
export interface Download {
  status: number;
  firstByteMs: number;
  received: number;
}

/**
 * Plain JavaScript for the downloads' thread: `count` downloads of `url` at once, each read to its end, at
 * `bytesPerMs` when given (a phone's link), else as fast as the API sends. In a thread of their own: read on the
 * benchmark's thread, the bytes of an export (230 MB of CSV) delayed its probes (isolation.ts), and the delay was
 * measured as the API's (bench.ts's export rows: /healthz 2.3–2.4 × idle read there, 1.8–1.9 × read here).
 */
const DOWNLOADER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, count, bytesPerMs, warmUp } = workerData;
const agent = new http.Agent({ keepAlive: true });
const one = (address) => new Promise((resolve, reject) => {
  const begun = performance.now();
  http.get(address, { agent, headers }, (response) => {
    let firstByteMs = NaN;
    let received = 0;
    response.on('data', (chunk) => {
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - begun;
      received += chunk.length;
      // A phone reads at its link's speed; TCP makes the API wait for it as it would in the field.
      const due = bytesPerMs ? received / bytesPerMs - (performance.now() - begun) : 0;
      if (due > 0) {
        response.pause();
        setTimeout(() => response.resume(), due);
      }
    });
    response.on('end', () => resolve({ status: response.statusCode, firstByteMs, received }));
    response.on('error', reject);
  }).on('error', reject);
});
// One request first: the thread's first request loads what it needs, which is not the API's first byte.
one(warmUp)
  .then(() => Promise.all(Array.from({ length: count }, () => one(url))))
  .then((results) => parentPort.postMessage(results), (error) => parentPort.postMessage({ error: String(error) }));
`;

/** `count` downloads of `url` at once in a thread of their own (`warmUp`: a light path of the same server). */
export function downloadInThread(options: {
  url: string;
  warmUp: string;
  headers?: Record<string, string>;
  count?: number;
  bytesPerMs?: number;
}): Promise<Download[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(DOWNLOADER, { eval: true, workerData: { count: 1, ...options } });
    worker.once('message', (answer: Download[] | { error: string }) =>
      'error' in answer ? reject(new Error(answer.error)) : resolve(answer),
    );
    worker.once('error', reject);
  });
}
