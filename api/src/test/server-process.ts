import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The api package's folder, where `npm start` runs. */
export const API_DIR = path.resolve(import.meta.dirname, '../..');
/**
 * Node's arguments as `npm start` gives them (api/package.json's start script, its Node flags included), to be
 * run in API_DIR: tests and the benchmark run the process operators run. (`exec` lets the shell npm starts
 * hand its place to node, so signals sent to `npm start` reach the server.)
 */
export const START_ARGS = (
  JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .replace(/^exec node /, '')
  .split(' ');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  output(): string;
  /** Resident memory in MB, from /proc. */
  rssMb(): number;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The real API as its own process, built (`dist/main.js`) and started the way `npm start` runs it. */
export async function startServer(
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, START_ARGS, {
    cwd: API_DIR,
    env: { ...process.env, DEMO_SEED: '0', LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so that stop() can end what the server started (its worker) as well.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    base,
    exited,
    output: () => output,
    rssMb: () =>
      Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      // Nothing it started outlives it: a worker left behind would hold the output pipe open, and the test file
      // would never end. (That the server stops its worker itself is tested in hardening/worker-process.test.ts.)
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
      return code;
    },
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    // Ready, not only alive: the server listens before its database answers (main.ts).
    const ready = await fetch(`${base}/api/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`server never answered: ${output}`);
}

export async function loginOver(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
