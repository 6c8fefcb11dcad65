/**
 * The apps deployed across origins as a CDN would serve them (README.md#deploying-one-remote): the API on one
 * origin, the shell (with its `config.json` and the standalone customer page under `/landing/`) on a second,
 * and each remote's build on an origin of its own, each served by a separate static-server process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test } from './fixtures';
import { parseRuntimeConfig, type RemoteKey, type RuntimeConfig } from 'contracts';

const root = path.resolve(import.meta.dirname, '../..');
export const REMOTES: RemoteKey[] = ['certificates', 'machines', 'landing'];
/** Loopback addresses, one origin each. */
const HOSTS = { shell: '127.0.0.2', certificates: '127.0.0.3', machines: '127.0.0.4', landing: '127.0.0.5' };

/** Build outputs carry a 10-character content hash in their name (scripts/webpack/create-config.ts). */
export const HASHED = /\.[0-9a-f]{10}\./;

export interface Deployment {
  api: string;
  shell: string;
  remotes: Record<RemoteKey, string>;
  /** The folder a remote's static host serves: deploying is copying a build into it. */
  folders: Record<RemoteKey, string>;
  /** The administrator made with `npm run user` in the API's fresh database, before the demo seed. */
  account: { email: string; password: string };
  stop(): Promise<void>;
}

export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a process and resolves with the first match of `ready` in its output. */
function start(args: string[], env: NodeJS.ProcessEnv, ready: RegExp) {
  const child = spawn(process.execPath, args, { cwd: root, env });
  let output = '';
  const match = new Promise<RegExpExecArray>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk;
      const found = ready.exec(output);
      if (found) resolve(found);
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
  return { child, match };
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The files of a remote's build, relative to it (its standalone customer page is deployed with the shell). */
export function buildFiles(build: string): string[] {
  return (fs.readdirSync(build, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(build, file)).isFile())
    .filter((file) => !file.startsWith(`standalone${path.sep}`));
}

/**
 * README.md#deploying-one-remote, steps 2 to 4, in that order: the files with a content hash in their name
 * (they never overwrite a file of another build), then the other files, `mf-manifest.json` last.
 */
export function deploy(build: string, folder: string) {
  const files = buildFiles(build);
  const hashed = files.filter((file) => HASHED.test(path.basename(file)));
  const others = files.filter((file) => !hashed.includes(file) && file !== 'mf-manifest.json');
  for (const file of [...hashed, ...others, 'mf-manifest.json']) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.copyFileSync(path.join(build, file), path.join(folder, file));
  }
}

/** README.md#deploying-one-remote, step 5: after the grace period, every file of no build in `keep` is deleted. */
export function removeOldFiles(folder: string, keep: string[]) {
  const kept = new Set(keep.flatMap(buildFiles));
  for (const file of buildFiles(folder)) if (!kept.has(file)) fs.rmSync(path.join(folder, file));
}

/**
 * The built server (`api/dist/main.js`, API and frontends on one port) on a free port, with a fresh database in `dir`
 * and `env` added to the environment; the demo seed makes the account it returns.
 */
export async function startServer(
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ origin: string; account: { email: string; password: string }; child: ChildProcess }> {
  const port = await freePort('127.0.0.1');
  const origin = `http://127.0.0.1:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${path.join(dir, 'api.db')}`,
    DEMO_SEED: '1',
    LOG_LEVEL: 'warn',
    ...env,
  };
  delete serverEnv.LABEL_PRINT_URL;
  if (!env.WEB_BASE) delete serverEnv.WEB_BASE;
  // The demo seed shows its password on a terminal only: the account comes from the command line, as an
  // operator makes one, with the password on standard input.
  const account = { email: 'bereitstellung@pruefbericht.example', password: 'Bereitstellung-im-Test-2026' };
  const user = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'api/src/cli/user.ts', 'add', '--email', account.email],
    { cwd: root, env: serverEnv, input: `${account.password}\n`, encoding: 'utf8' },
  );
  if (user.status !== 0) throw new Error(`Creating the account failed:\n${user.stdout}\n${user.stderr}`);
  // Said once the database is prepared, just before the server is ready (no SEAL_P12_PATH here).
  const server = start(['api/dist/main.js'], serverEnv, /Entwicklungssiegel/);
  try {
    await server.match;
    await waitForReady(`${origin}/api/readyz`);
    return { origin, account, child: server.child };
  } catch (error) {
    await stopProcess(server.child);
    throw error;
  }
}

export async function startDeployment(): Promise<Deployment> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pruefbericht-cdn-'));
  const folders = Object.fromEntries(REMOTES.map((name) => [name, path.join(dir, name)])) as Record<
    RemoteKey,
    string
  >;
  for (const name of REMOTES) deploy(path.join(root, `mfe-${name}`, 'dist'), folders[name]);
  const shellFolder = path.join(dir, 'shell');
  fs.cpSync(path.join(root, 'shell', 'dist'), shellFolder, { recursive: true });
  fs.cpSync(path.join(root, 'mfe-landing', 'dist', 'standalone'), path.join(shellFolder, 'landing'), {
    recursive: true,
  });

  const processes: ChildProcess[] = [];
  const serve = async (folder: string, host: string, spa = false) => {
    const server = start(
      ['--import', 'tsx', 'e2e/support/static-server.ts', folder, host, ...(spa ? ['--spa'] : [])],
      process.env,
      /listening (\S+)/,
    );
    processes.push(server.child);
    return (await server.match)[1];
  };
  try {
    const [shell, ...remoteOrigins] = await Promise.all([
      serve(shellFolder, HOSTS.shell, true),
      ...REMOTES.map((name) => serve(folders[name], HOSTS[name])),
    ]);
    const remotes = Object.fromEntries(REMOTES.map((name, i) => [name, remoteOrigins[i]])) as Record<
      RemoteKey,
      string
    >;

    const server = await startServer(dir, { CORS_ORIGINS: shell, WEB_BASE: shell });
    processes.push(server.child);
    const { origin: api, account } = server;

    // The shell's runtime config, checked against the schema every frontend reads it with.
    const config: RuntimeConfig = parseRuntimeConfig({
      apiBase: `${api}/api`,
      webBase: shell,
      remotes: Object.fromEntries(REMOTES.map((name) => [name, `${remotes[name]}/mf-manifest.json`])),
      labelPrintUrl: null,
      companyName: 'BDS Maschinen GmbH',
      companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
    });
    fs.writeFileSync(path.join(shellFolder, 'config.json'), JSON.stringify(config));

    return {
      api,
      shell,
      remotes,
      folders,
      account,
      stop: async () => {
        await Promise.all(processes.map(stopProcess));
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(processes.map(stopProcess));
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Signs in through the shell's login form on its own origin, as staff do. */
export async function signInAcross(page: Page, { shell, account }: Deployment) {
  await page.goto(`${shell}/login`);
  await page.getByLabel('E-Mail').fill(account.email);
  await page.getByLabel('Passwort').fill(account.password);
  await page.getByRole('button', { name: 'EINLOGGEN' }).click();
  await page.waitForURL(`${shell}/`);
}

/**
 * Waits until the API is ready: it listens before its database is migrated and answers 503 meanwhile. A server
 * that only redirects is ready when `ready` says so of its answer (redirects are not followed).
 */
export async function waitForReady(url: string, ready = (response: Response) => response.ok) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (
      await fetch(url, { redirect: 'manual' }).then(
        (response) => ready(response),
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not ready after 60 s`);
}

/** A deployment started before the tests of the calling file and stopped after them. */
export function deploymentForThisFile(): () => Deployment {
  let deployment: Deployment | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    deployment = await startDeployment();
  });
  test.afterAll(async () => deployment?.stop());
  return () => deployment!;
}

/** Opens `url` in `page`, collecting what its console says and every uncaught error (none may happen). */
export async function openWatched(page: Page, url: string) {
  const messages: string[] = [];
  const uncaught: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  page.on('pageerror', (error) => uncaught.push(error.message));
  await page.goto(url);
  return { messages, uncaught };
}
