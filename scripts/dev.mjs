#!/usr/bin/env node
// `node scripts/dev.mjs`: the API (restarts on change) plus every frontend's webpack-dev-server with live reload.
// Open http://localhost:3000 (the shell; it proxies /api to the API and loads the remotes from their dev servers).
// Each remote also runs alone on its own port with its own index.html.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const processes = [
  { name: 'api', args: ['run', 'dev', '-w', 'api'] },
  { name: 'shell', args: ['run', 'dev', '-w', 'shell'] },
  { name: 'certificates', args: ['run', 'dev', '-w', 'mfe-certificates'] },
  { name: 'machines', args: ['run', 'dev', '-w', 'mfe-machines'] },
  { name: 'landing', args: ['run', 'dev', '-w', 'mfe-landing'] },
];

const width = Math.max(...processes.map(({ name }) => name.length));
const children = processes.map(({ name, args }) => {
  const child = spawn('npm', args, { cwd: root, env: process.env, detached: true });
  const prefix = `${name.padEnd(width)} │ `;
  const forward = (stream, target) =>
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) target.write(prefix + line + '\n');
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${prefix}beendet (Exit-Code ${code}); alle Prozesse werden gestoppt.`);
      stop(code ?? 1);
    }
  });
  return child;
});

let stopping = false;
function stop(code = 0) {
  stopping = true;
  // Each child leads its own process group, so npm's children (webpack, node) stop too.
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

console.log('Entwicklung: Shell http://localhost:3000, API http://localhost:8080 (Strg+C beendet alles)');
