import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * A worker thread's code: `entry` and what it imports, bundled by esbuild once per process and started with
 * `new Worker(code, { eval: true })`. The API runs its TypeScript through tsx, whose loader a worker would have
 * to start again in a thread of its own; with the shared contracts loaded whole, that took about 100 MB more
 * than the bundle (api/bench/pdf-render-bench.ts). Packages named by `installed` stay outside, required from
 * where npm installed them: native addons, and packages that read files of their own (pdfkit's data).
 */
export async function workerCode(
  entry: URL,
  installed: RegExp,
  define: Record<string, string> = {},
): Promise<string> {
  const { build } = await import('esbuild');
  const require = createRequire(entry);
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    // In a function of its own: an eval worker runs a script, whose top-level names would replace globals
    // (the contracts' TypeBox has a function named BigInt).
    format: 'iife',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    define,
    plugins: [
      {
        name: 'installed-packages',
        setup: (plugin) =>
          plugin.onResolve({ filter: installed }, ({ path }) => ({
            path: require.resolve(path),
            external: true,
          })),
      },
    ],
  });
  return result.outputFiles[0].text;
}
