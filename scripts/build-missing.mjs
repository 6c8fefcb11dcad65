#!/usr/bin/env node
// Builds every frontend whose build output is missing, so `npm start` on a fresh clone serves everything.
// `--all` rebuilds all of them. Sequential on purpose: webpack builds share two cores and little memory.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { frontends } from './frontends.mjs';

const root = path.resolve(import.meta.dirname, '..');

const all = process.argv.includes('--all');
const missing = frontends.filter(
  ({ workspace, outputs }) => all || outputs.some((file) => !existsSync(path.join(root, workspace, file))),
);

if (missing.length === 0) {
  console.log('Frontends: alle Builds vorhanden.');
  process.exit(0);
}

for (const { workspace } of missing) {
  console.log(`Frontends: baue ${workspace} …`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Frontends: Build von ${workspace} fehlgeschlagen (Exit-Code ${result.status}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`Frontends: ${workspace} fertig in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
