#!/usr/bin/env node
// `npm run bench [-- --quick]`: every benchmark against the budgets of docs/architecture.md#budgets, one after another:
// the API under load at scale, the gzipped first-load sizes, and printing 100 units in Chromium.
// Exits non-zero when any of them reports a failed budget.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const steps = [
  ['API at scale', ['run', 'bench', '-w', 'api', '--', ...args]],
  ['Documents', ['exec', '-w', 'api', '--', 'node', '--import', 'tsx', 'bench/documents-bench.ts', ...args]],
  [
    'Sealed certificate PDFs',
    ['exec', '-w', 'api', '--', 'node', '--import', 'tsx', 'bench/sealed-pdf-bench.ts', ...args],
  ],
  ['Issuing with measured values', ['run', 'bench:issue', '-w', 'api', '--', ...args]],
  ['Bundles', ['run', 'bench:bundles']],
  ['Printing', ['run', 'bench:print', '-w', 'e2e']],
  ['Typing into the grid', ['run', 'bench:grid', '-w', 'e2e', '--', ...args]],
];

const build = spawnSync('npm', ['run', 'build:missing'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const failed = [];
for (const [name, npmArgs] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync('npm', npmArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
console.log(failed.length ? `\nBudget failed: ${failed.join(', ')}` : '\nAll budgets hold.');
process.exit(failed.length ? 1 : 0);
