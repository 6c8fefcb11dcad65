import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { scanPdf } from './pdf-scan';

// Started ahead of need (pdf-check.ts): says it is ready, then judges each PDF it is given and says how much
// heap it holds afterwards, so that a worker that kept much (pdf-lib keeps every name it met) is replaced.
parentPort!.on('message', (bytes: Uint8Array) =>
  parentPort!.postMessage({ verdict: scanPdf(bytes), heapBytes: v8.getHeapStatistics().used_heap_size }),
);
parentPort!.postMessage('ready');
