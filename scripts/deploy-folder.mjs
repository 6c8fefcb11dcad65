#!/usr/bin/env node
// Makes a deploy folder from this built checkout (README.md#deploying): what production runs with plain `node`,
// and nothing else. Usage: `npm run build && npm run deploy-folder -- <folder>`.
//
//   api/dist, api/assets        the compiled API, worker and command-line tools, their fonts and styles
//   <frontend>/dist             the built frontends, where the API serves them from (api/src/plugins/frontends.ts)
//   node_modules                the API's `dependencies` only: `npm ci --omit=dev --workspace api`
//   package.json, package-lock.json, <workspace>/package.json   what that `npm ci` installs from
//
// The packages come from the lockfile as tested, with their install scripts off; the two with native code
// (better-sqlite3's addon, compiled by this checkout's `npm ci`; sharp's check of its prebuilt binary) are taken
// from this checkout's node_modules, so nothing is compiled twice and no compiler is needed where the folder
// is made. The folder therefore runs on this checkout's platform: same OS, CPU architecture and Node major.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { frontends } from './frontends.mjs';

const root = path.resolve(import.meta.dirname, '..');

function fail(message) {
  console.error(`Deploy-Ordner: ${message}`);
  process.exit(1);
}

const target = process.argv[2] ? path.resolve(process.argv[2]) : null;
if (!target || process.argv.length > 3)
  fail('Benutzung: npm run deploy-folder -- <leerer oder neuer Ordner>');
if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
  fail(`${target} ist nicht leer; bitte einen neuen Ordner nennen (ein Ordner je Version).`);

// One esbuild run writes all of api/dist (api/build.mjs): its server stands for the rest.
const built = [
  'api/dist/main.js',
  ...frontends.flatMap(({ workspace, outputs }) => outputs.map((file) => `${workspace}/${file}`)),
];
const missing = built.filter((file) => !fs.existsSync(path.join(root, file)));
if (missing.length) fail(`es fehlt ${missing.join(', ')}; zuerst „npm run build“ ausführen.`);

const started = Date.now();
const copy = (relative) =>
  fs.cpSync(path.join(root, relative), path.join(target, relative), { recursive: true, dereference: true });

const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const file of ['package.json', 'package-lock.json', ...workspaces.map((ws) => `${ws}/package.json`)])
  copy(file);
for (const folder of ['api/dist', 'api/assets', ...frontends.map(({ workspace }) => `${workspace}/dist`)])
  copy(folder);

const install = spawnSync(
  'npm',
  [
    'ci',
    '--omit=dev',
    '--workspace',
    'api',
    '--ignore-scripts',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
  ],
  { cwd: target, stdio: 'inherit' },
);
if (install.status !== 0) fail(`npm ci endete mit Exit-Code ${install.status}.`);

const { packages } = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
for (const [location, entry] of Object.entries(packages)) {
  if (!entry.hasInstallScript || !fs.existsSync(path.join(target, location))) continue;
  const installed = path.join(root, location, 'package.json');
  const version = fs.existsSync(installed) ? JSON.parse(fs.readFileSync(installed, 'utf8')).version : null;
  if (version !== entry.version)
    fail(`${location} ist hier nicht in Version ${entry.version} installiert; zuerst „npm ci“ ausführen.`);
  fs.rmSync(path.join(target, location), { recursive: true });
  copy(location);
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`Deploy-Ordner: ${target} fertig in ${seconds} s. Start dort (README, Abschnitt „Deploying“):
  NODE_ENV=production DATABASE_URL=sqlite:/var/lib/pruefbericht/pruefbericht.db \\
    node --enable-source-maps --max-old-space-size=512 api/dist/main.js`);
