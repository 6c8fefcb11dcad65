import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { migrate, openDatabase, type DatabaseHandle } from '../db/database';
import { createRepositories } from '../dependencies';
import { STAFF, TEST_COST, certificateBody, seedMachine } from '../test/harness';
import { API_DIR, freePort, loginOver, startServer } from '../test/server-process';

/** The processes `pid` started (Linux), e.g. the worker of a server. */
const childrenOf = (pid: number) =>
  fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/State:\s+Z/.test(readStatus(pid));
const readStatus = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 'State: Z';
  }
};

/** Asks `check` every 100 ms until it holds, for at most `seconds`. */
async function until(what: string, check: () => boolean | Promise<boolean>, seconds = 60) {
  for (let i = 0; i < seconds * 10; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`not within ${seconds} s: ${what}`);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-worker-'));
const file = path.join(dir, 'worker.db');
let database: DatabaseHandle;
let machine: Awaited<ReturnType<typeof seedMachine>>;
before(async () => {
  database = openDatabase({ kind: 'sqlite', file });
  await migrate(database.db);
  const repositories = createRepositories(database);
  await repositories.users.add(STAFF, TEST_COST);
  machine = await seedMachine(repositories, { prefix: 'WORK' });
});
after(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const jobStates = () =>
  database.db.selectFrom('jobs').select(['id', 'state', 'attempts', 'subject']).orderBy('id').execute();

test('the worker killed mid-render is started again; every PDF is sealed once; SIGTERM ends both', async () => {
  const server = await startServer({ DATABASE_URL: `sqlite:${file}` });
  try {
    const [worker] = childrenOf(server.child.pid!);
    assert.ok(worker, 'npm start runs no worker beside the API');
    const token = await loginOver(server.base, STAFF.email, STAFF.password);
    const issued: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.base}/api/certificate`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify(certificateBody(machine.brand.id, machine.machine.id, 20)),
      });
      assert.equal(response.status, 200);
      issued.push(((await response.json()) as { id: number }[])[0].id);
    }
    // kill -9 while it renders a certificate.
    await until('a job running', async () => (await jobStates()).some((job) => job.state === 'running'));
    process.kill(worker, 'SIGKILL');

    await until('a new worker', () =>
      childrenOf(server.child.pid!).some((pid) => pid !== worker && alive(pid)),
    );
    await until('every job done', async () => (await jobStates()).every((job) => job.state === 'done'), 120);
    const jobs = await jobStates();
    assert.equal(jobs.length, issued.length);
    assert.ok(
      jobs.some((job) => job.attempts === 2),
      'the killed job was not done again',
    );
    const documents = await database.db
      .selectFrom('certificate_documents')
      .select(['certificate_id', 'sha256'])
      .execute();
    assert.deepEqual(documents.map((document) => document.certificate_id).sort(), [...issued].sort());
    assert.equal(new Set(documents.map((document) => document.sha256)).size, documents.length);
    for (const id of issued) {
      const pdf = await fetch(`${server.base}/api/certificates/${id}/document`, {
        headers: { authorization: token },
      });
      assert.equal(pdf.status, 200);
    }

    const [restarted] = childrenOf(server.child.pid!);
    // The server alone is signalled (stop() would end its whole process group).
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0);
    assert.equal(alive(restarted), false, 'the worker outlived the API');
  } finally {
    await server.stop('SIGKILL');
  }
});

test('SIGTERM to `npm start` reaches the server, which stops with its worker', async () => {
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${file}`,
      DEMO_SEED: '0',
      LOG_LEVEL: 'warn',
      PORT: String(port),
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => npm.on('exit', resolve));
  try {
    const base = `http://127.0.0.1:${port}`;
    await until('the server ready', () =>
      fetch(`${base}/api/readyz`).then(
        (r) => r.ok,
        () => false,
      ),
    );
    const processes = (pid: number): number[] =>
      childrenOf(pid).flatMap((child) => [child, ...processes(child)]);
    const started = processes(npm.pid!);
    assert.ok(started.length >= 2, `npm start runs the server and its worker (${started.length} processes)`);
    npm.kill('SIGTERM');
    await exited;
    await until('server and worker gone', () => started.every((pid) => !alive(pid)), 40);
    assert.equal(
      await fetch(`${base}/api/healthz`).then(
        () => 'answered',
        () => 'closed',
      ),
      'closed',
    );
  } finally {
    npm.kill('SIGKILL');
  }
});

/** A request whose body never ends: its headers, then a byte every second, so no idle timeout closes it. */
function tricklingRequest(base: string) {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
  );
  const drip = setInterval(() => socket.write(' '), 1000);
  return () => {
    clearInterval(drip);
    socket.destroy();
  };
}

test('stopping has a limit: a second SIGTERM ends at once, and a request that never ends is cut off', async () => {
  for (const how of ['second signal', 'limit'] as const) {
    const server = await startServer({ DATABASE_URL: `sqlite:${file}`, WORKERS: '0', JOB_STOP_SECONDS: '1' });
    const stopTrickling = tricklingRequest(server.base);
    try {
      server.child.kill('SIGTERM');
      if (how === 'second signal') {
        // Draining: not ready any more, still answering, the trickling request holding the close.
        await until('not ready', () =>
          fetch(`${server.base}/api/readyz`).then(
            (r) => r.status === 503,
            () => false,
          ),
        );
        server.child.kill('SIGTERM');
      }
      assert.equal(await server.exited, 1, how);
      assert.match(
        server.output(),
        how === 'limit'
          ? /Nicht rechtzeitig beendet: offene Anfragen abgebrochen/
          : /Zweites Signal: Ende sofort/,
      );
    } finally {
      stopTrickling();
      await server.stop('SIGKILL');
    }
  }
});
