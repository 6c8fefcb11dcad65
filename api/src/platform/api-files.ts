import path from 'node:path';

/**
 * Where the API's own files are. The API runs as TypeScript from `api/src/` in tests and development (tsx), and
 * as the bundles `npm run build -w api` writes flat into `api/dist/` (api/build.mjs) everywhere else: this module
 * is either `api/src/platform/api-files.ts` or part of a bundle in `api/dist/`, and the paths follow.
 */
const compiled = !import.meta.url.endsWith('.ts');

/** The `api/` folder (its assets: fonts, the API reference's styles). */
export const apiDir = path.resolve(import.meta.dirname, compiled ? '..' : '../..');

/**
 * The file a worker thread or process runs: `api/src/workers/<name>.ts` from source (a thread inherits the
 * parent's `--import tsx`), `api/dist/<name>.js` once built.
 */
export const runnableFile = (name: string) =>
  compiled ? path.join(apiDir, 'dist', `${name}.js`) : path.join(apiDir, 'src', 'workers', `${name}.ts`);
