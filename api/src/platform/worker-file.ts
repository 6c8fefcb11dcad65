import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The file of a worker thread named `name` beside the module at `base` (its `import.meta.url`), with that
 * module's own extension: `.ts` while the API runs through tsx, `.js` once built: api/build.mjs writes each
 * worker beside the bundles in `api/dist/`, where every module's `import.meta.url` points. A real file, so
 * nothing is bundled or transpiled at run time.
 */
export const workerFile = (name: string, base: string): URL =>
  new URL(`./${name}${path.extname(fileURLToPath(base))}`, base);

/**
 * A worker thread running `file`. A `.ts` file first registers tsx in the thread: tsx registers its loader in
 * the main thread only (its esm entry checks `isMainThread`), and Node 20 does not pass loaders on to workers.
 */
export function startWorker(file: URL, options: WorkerOptions = {}): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const start = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(start, { ...options, eval: true });
}
