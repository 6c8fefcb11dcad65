import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { CERTIFICATE_DEFAULTS, type Brand, type MachineByBrand } from 'contracts';
import pg from 'pg';
import { openDatabase } from './db/database';
import { usersRepository } from './modules/users/users.repository';
import { TEST_COST } from './test/harness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-main-'));
/** Servers a failed test left running would keep the test runner (and CI) waiting for ever. */
const running = new Set<ChildProcess>();
after(() => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) killTree(child.pid!);
  fs.rmSync(dir, { recursive: true, force: true });
});

function killTree(pid: number) {
  for (const child of childrenOf(pid)) killTree(child);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A POST whose `sent` settles once the body is written, and `status` when the answer arrives. */
function post(url: string, token: string, body: string) {
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const status = new Promise<number>((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body, markSent);
  });
  return { sent, status };
}

/**
 * main.ts as its own process, without a terminal (detached: no controlling terminal either, as under a service
 * manager), or with one (`terminal`): util-linux's `script` runs it on a pseudo-terminal through `$SHELL -c`, or
 * /bin/sh when SHELL is unset (as under CI). `exec` makes the server the shell's own process: dash would otherwise
 * wait as its parent, and a signal meant for the server that reached the shell would end the terminal session and
 * hang the server up undrained.
 */
function start(env: Record<string, string>, { terminal = false } = {}) {
  const command = [process.execPath, '--import', 'tsx', path.join(import.meta.dirname, 'main.ts')];
  const [file, ...args] = terminal
    ? ['script', '-qfec', `exec ${command.map((part) => `'${part}'`).join(' ')}`, '/dev/null']
    : command;
  const child = spawn(file, args, {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: !terminal,
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Signals the server itself: `script` would end its terminal, and the hang-up would end the server undrained. */
  const signal = (name: NodeJS.Signals) => {
    const pid = terminal ? serverUnder(child.pid!) : child.pid!;
    if (!pid) throw new Error(`no server process under ${child.pid}`);
    process.kill(pid, name);
  };
  return { child, exited, output: () => output, signal };
}

/** The Node process running main.ts among `pid`'s descendants: never a shell whose command line names it. */
function serverUnder(pid: number): number {
  for (const child of childrenOf(pid)) {
    const [executable, ...args] = fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
    if (executable === process.execPath && args.some((arg) => arg.endsWith('main.ts'))) return child;
    const found = serverUnder(child);
    if (found) return found;
  }
  return 0;
}

async function waitFor(url: string, child: ChildProcess) {
  // A minute: a first start on a busy machine compiles, migrates, seeds and makes the development seal.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

test('npm start seeds demo data once, logs one line per request without secrets, and drains on SIGTERM', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start(
    { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${dir}/main.db` },
    { terminal: true },
  );
  await waitFor(`${base}/api/readyz`, server.child);
  const email = /E-Mail:\s+(\S+)/.exec(server.output())?.[1];
  const password = /Passwort:\s+(\S+)/.exec(server.output())?.[1];
  assert.ok(email && password, server.output());

  const { token } = (await (
    await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    })
  ).json()) as { token: string };
  const headers = { authorization: token, 'content-type': 'application/json' };
  const brands = ((await (await fetch(`${base}/api/brands`, { headers })).json()) as { data: Brand[] }).data;
  assert.ok(brands.length >= 3);
  for (const brand of brands) assert.ok(brand.logo && brand.email && brand.website_link);
  const machines = (await (await fetch(`${base}/api/machines?per_page=100`, { headers })).json()) as {
    total: number;
  };
  assert.ok(machines.total >= 12);
  const byBrand = await fetch(`${base}/api/machinesByBrand/${brands[0].id}`, { headers });
  const machine = ((await byBrand.json()) as { data: MachineByBrand[] }).data[0];
  const photo = await fetch(`${base}/api/${machine.image}`);
  assert.equal(photo.headers.get('content-type'), 'image/png');

  // Requests in flight when SIGTERM arrives are answered before the process ends.
  const body = JSON.stringify({
    brand_id: brands[0].id,
    machine_id: machine.id,
    checked_by: 'Prüfer',
    crowd: 100,
    ...CERTIFICATE_DEFAULTS,
  });
  const inFlight = Array.from({ length: 10 }, () => post(`${base}/api/certificate`, token, body));
  // Every request has been sent in full before the signal.
  await Promise.all(inFlight.map((r) => r.sent));
  server.signal('SIGTERM');
  const statuses = await Promise.all(inFlight.map((r) => r.status));
  assert.ok(
    statuses.every((s) => s === 200),
    String(statuses),
  );
  assert.equal(await server.exited, 0);

  const log = server.output();
  assert.ok(!log.includes(token), 'a token was logged');
  assert.ok(
    !log.split('Passwort:')[1]?.split('\n').slice(1).join('\n').includes(password),
    'a password was logged',
  );
  assert.match(log, /"url":"\/api\/brands","status":200/);

  // A second start finds the data and does not seed or print credentials again.
  const again = start({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${dir}/main.db` });
  await waitFor(`${base}/api/readyz`, again.child);
  again.child.kill('SIGTERM');
  assert.equal(await again.exited, 0);
  assert.ok(!again.output().includes('Passwort:'));
});

test('without a terminal (a service, a container) the demo password is shown nowhere; the log says how to set one', async () => {
  const port = await freePort();
  const server = start({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${dir}/service.db` });
  await waitFor(`http://127.0.0.1:${port}/api/readyz`, server.child);
  server.child.kill('SIGTERM');
  assert.equal(await server.exited, 0);
  assert.doesNotMatch(server.output(), /Passwort:/);
  assert.match(
    server.output(),
    /Passwort des Demo-Kontos demo@pruefbericht\.example wird nur auf einem Terminal angezeigt[\s\S]*npm run user -- passwd --email demo@pruefbericht\.example/,
  );
  const database = openDatabase({ kind: 'sqlite', file: `${dir}/service.db` });
  const demo = await usersRepository(database.db).findByEmail('demo@pruefbericht.example');
  await database.close();
  assert.ok(demo, 'the demo account exists');
});

test('with DEMO_SEED=0 and no account, npm start says how to create the first administrator', async () => {
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${dir}/empty.db`,
    DEMO_SEED: '0',
  };
  const server = start(env);
  await waitFor(`http://127.0.0.1:${port}/api/readyz`, server.child);
  server.child.kill('SIGTERM');
  assert.equal(await server.exited, 0);
  assert.match(server.output(), /kein Konto[\s\S]*npm run user -- add --email <e-mail> --role admin/);
  assert.ok(!server.output().includes('Passwort:'));
  // With an account, nothing is said.
  const database = openDatabase({ kind: 'sqlite', file: `${dir}/empty.db` });
  await usersRepository(database.db).add(
    { email: 'erster@example.com', password: 'ein-gutes-Passwort' },
    TEST_COST,
  );
  await database.close();
  const again = start(env);
  await waitFor(`http://127.0.0.1:${port}/api/readyz`, again.child);
  again.child.kill('SIGTERM');
  assert.equal(await again.exited, 0);
  assert.ok(!again.output().includes('kein Konto'), again.output());
});

test('a bad setting stops start-up with a clear German message', async () => {
  const server = start({ PORT: 'achtzig', DATABASE_URL: `sqlite:${dir}/bad.db` });
  assert.equal(await server.exited, 1);
  assert.match(server.output(), /Konfigurationsfehler: PORT muss eine ganze Zahl/);
});

test('a database that is down at start is waited for: German log lines, not ready, then ready', async () => {
  const port = await freePort();
  const databasePort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // With PostgreSQL at hand, a database of its own that becomes reachable later through a forwarder.
  const admin = process.env.TEST_DATABASE_URL;
  const name = `pb_start_${process.pid}`;
  const adminQuery = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  if (admin) await adminQuery(`create database ${name}`);
  const server = start({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `postgres://postgres@127.0.0.1:${databasePort}/${name}`,
    DEMO_SEED: '0',
  });
  let forwarder: net.Server | undefined;
  try {
    await waitFor(`${base}/api/healthz`, server.child);
    const notReady = await fetch(`${base}/api/readyz`);
    assert.equal(notReady.status, 503);
    assert.deepEqual(await notReady.json(), { status: 'not ready' });
    const brands = await fetch(`${base}/api/brands`);
    assert.equal(brands.status, 503);
    assert.equal(((await brands.json()) as { error: { code: string } }).error.code, 'DATABASE_UNAVAILABLE');
    for (let i = 0; i < 100 && !server.output().includes('Datenbank nicht erreichbar'); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    assert.match(server.output(), /Datenbank nicht erreichbar; neuer Versuch in \d+ s/);
    assert.doesNotMatch(server.output(), /\n\s+at /, 'a stack trace in the log');
    // Still alive once the readiness check's own 2 s timeout would have run out.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    assert.equal(server.child.exitCode, null, 'the process gave up');
    if (admin) {
      const target = new URL(admin);
      forwarder = net
        .createServer((socket) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname);
          socket.pipe(upstream).pipe(socket);
          socket.on('error', () => upstream.destroy());
          upstream.on('error', () => socket.destroy());
        })
        .listen(databasePort, '127.0.0.1');
      await waitFor(`${base}/api/readyz`, server.child);
      assert.equal((await fetch(`${base}/api/brands`)).status, 401);
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    forwarder?.close();
    if (admin) await adminQuery(`drop database ${name} with (force)`);
  }
});
