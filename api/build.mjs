#!/usr/bin/env node
// Compiles the API into plain JavaScript in api/dist/ (docs/decisions/0021-jobs-and-one-worker.md): one bundle per
// program (the server, the job worker, the command-line tools, each worker thread), flat, so that
// api/src/platform/api-files.ts finds them. Installed packages stay outside and are loaded from node_modules;
// only the workspace's TypeScript (api/src and contracts) is compiled in.
import { readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const api = import.meta.dirname;
const entries = {
  main: './src/main.ts',
  // Found beside the bundle by api/src/platform/worker-file.ts, as beside its module in src/.
  'pdf-check-worker': './src/modules/documents/pdf-check-worker.ts',
  user: './src/cli/user.ts',
  migrate: './src/cli/migrate.ts',
  backup: './src/cli/backup.ts',
  worker: './src/workers/worker.ts',
};

/** Bare imports are packages from node_modules, except the workspace's own TypeScript contracts. */
const packagesOutside = {
  name: 'packages-outside',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./]/ }, ({ path: name }) =>
      name === 'contracts' || name.startsWith('contracts/') ? undefined : { path: name, external: true },
    );
  },
};

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * A deployment installs only the API's `dependencies` (scripts/deploy-folder.mjs: `npm ci --omit=dev`): a bundle
 * that loads anything else (a devDependency, a package only hoisted from another workspace) would start here and
 * fail there, so the build refuses it.
 */
function checkPackagesInstalledInProduction(metafile) {
  const { dependencies } = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8'));
  const missing = new Set();
  for (const output of Object.values(metafile.outputs))
    for (const { path: specifier, external } of output.imports)
      if (external && !isBuiltin(specifier) && !Object.hasOwn(dependencies, packageOf(specifier)))
        missing.add(packageOf(specifier));
  if (missing.size) {
    console.error(
      `API: die Bundles laden ${[...missing].join(', ')}, aber api/package.json führt sie nicht unter „dependencies“; ` +
        'in Produktion (npm ci --omit=dev) fehlten sie.',
    );
    process.exit(1);
  }
}

rmSync(path.join(api, 'dist'), { recursive: true, force: true });
const started = Date.now();
const { metafile } = await build({
  absWorkingDir: api,
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [packagesOutside],
  metafile: true,
  // ESM bundles have no require; a package that calls it (CommonJS inside) gets Node's.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
checkPackagesInstalledInProduction(metafile);
console.log(`API: gebaut nach api/dist in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
