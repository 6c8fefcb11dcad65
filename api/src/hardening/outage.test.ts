import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { migrate, openDatabase } from '../db/database';
import { messages } from '../messages';
import { createRepositories } from '../dependencies';
import { STAFF, TEST_COST, assertSerialInvariants, certificateBody, seedMachine } from '../test/harness';
import {
  createPrivatePostgres,
  privatePostgresUnavailable,
  type PrivatePostgres,
} from '../test/private-postgres';
import { loginOver, startServer, type ServerProcess } from '../test/server-process';

const soak = process.env.SOAK === '1';
const outageMs = soak ? 20_000 : 3_000;
const workers = soak ? 16 : 8;

/** Waits until `condition` holds (the state the test needs), failing with `failure` after 30 s. */
async function until(condition: () => boolean, failure: string) {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    assert.ok(Date.now() < deadline, failure);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let postgres: PrivatePostgres | undefined;
let server: ServerProcess | undefined;
before(async () => {
  if (!privatePostgresUnavailable()) postgres = await createPrivatePostgres();
});
after(async () => {
  await server?.stop();
  postgres?.remove();
});

test(
  'PostgreSQL stopped under load: 503 in German, not ready, then recovery without a restart',
  { skip: privatePostgresUnavailable() },
  async () => {
    const setup = openDatabase({ kind: 'postgres', url: postgres!.url });
    await migrate(setup.db);
    const repositories = createRepositories(setup);
    await repositories.users.add(STAFF, TEST_COST);
    const { brand, machine } = await seedMachine(repositories, { prefix: 'DOWN' });
    await setup.close();

    server = await startServer({ DATABASE_URL: postgres!.url });
    const base = server.base;
    const token = await loginOver(base, STAFF.email, STAFF.password);
    const answered = new Map<number, string>();
    const statuses = new Map<number, number>();
    let slowest = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        const started = Date.now();
        const response = await fetch(`${base}/api/certificate`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify(certificateBody(brand.id, machine.id, 3)),
        });
        slowest = Math.max(slowest, Date.now() - started);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const body = (await response.json()) as
          [{ id: number; serial_no: string }] | { error: { message: string } };
        if (response.status === 200)
          answered.set(
            (body as [{ id: number; serial_no: string }])[0].id,
            (body as [{ serial_no: string }])[0].serial_no,
          );
        else if (response.status === 503)
          assert.equal((body as { error: { message: string } }).error.message, messages.databaseUnavailable);
        else assert.fail(`unexpected status ${response.status}: ${JSON.stringify(body)}`);
        if (response.status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const load = Array.from({ length: workers }, worker);
    await until(() => answered.size > 0, 'no certificate was created before the outage');

    postgres!.stop();
    const down = Date.now();
    await new Promise((r) => setTimeout(r, outageMs));
    await until(() => (statuses.get(503) ?? 0) > 0, 'no request noticed the outage');
    const ready = await fetch(`${base}/api/readyz`);
    assert.equal(ready.status, 503);
    assert.deepEqual(await ready.json(), { status: 'not ready' });
    assert.equal(server.child.exitCode, null, 'the API died with its database');
    assert.ok((statuses.get(503) ?? 0) > 0, 'no request noticed the outage');

    postgres!.start();
    let recoveredAfter = -1;
    for (let i = 0; i < 300; i++) {
      if ((await fetch(`${base}/api/readyz`)).ok) {
        recoveredAfter = Date.now() - down - outageMs;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(recoveredAfter >= 0, 'the API did not recover');
    const countBefore = answered.size;
    await until(() => answered.size > countBefore, 'no certificate was created after recovery');
    running = false;
    await Promise.all(load);
    assert.ok(answered.size > countBefore, 'no certificate was created after recovery');
    // Requests in the outage must end, not hang: the pool's connect and query timeouts bound them.
    assert.ok(slowest < 20_000, `a request took ${slowest} ms`);

    const check = openDatabase({ kind: 'postgres', url: postgres!.url });
    try {
      const { certificates } = await assertSerialInvariants(check.db);
      const stored = new Map(certificates.map((c) => [c.id, c.first_serial]));
      for (const [id, serial] of answered)
        assert.equal(stored.get(id), serial, `certificate ${id} answered 200 but lost`);
    } finally {
      await check.close();
    }
    console.log(
      `outage: ${outageMs} ms down, statuses ${JSON.stringify(Object.fromEntries(statuses))}, slowest ${slowest} ms, ready again ${recoveredAfter} ms after restart, ${answered.size} answered creates all stored`,
    );
  },
);
