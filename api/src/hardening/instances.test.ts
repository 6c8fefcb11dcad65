import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, test } from 'node:test';
import pg from 'pg';
import { migrate, openDatabase } from '../db/database';
import { createRepositories } from '../dependencies';
import { STAFF, TEST_COST, assertSerialInvariants, certificateBody, seedMachine } from '../test/harness';
import { loginOver, startServer, type ServerProcess } from '../test/server-process';

const soak = process.env.SOAK === '1';
/** 200 at once; the soak run sends ten such waves (all at once, 2000 would queue past the pool's timeout). */
const WAVE = 200;
const waves = soak ? 10 : 1;
const creates = WAVE * waves;
const url = process.env.TEST_DATABASE_URL;
const name = `pb_instances_${crypto.randomBytes(4).toString('hex')}`;
const servers: ServerProcess[] = [];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

after(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  if (url) await admin(`drop database if exists ${name} with (force)`);
});

test(
  `two API processes on one PostgreSQL database: ${creates} concurrent creates, no serial twice, no gaps`,
  { skip: url ? undefined : 'needs TEST_DATABASE_URL' },
  async () => {
    await admin(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const location = { kind: 'postgres' as const, url: target.toString() };
    const setup = openDatabase(location);
    await migrate(setup.db);
    const repositories = createRepositories(setup);
    await repositories.users.add(STAFF, TEST_COST);
    const machines = [
      await seedMachine(repositories, { prefix: 'INST' }),
      await seedMachine(repositories, { prefix: 'INST' }),
    ];
    await setup.close();

    // Both start (and migrate) at once, as behind a load balancer. The creates are the subject: the PDFs they queue
    // wait for a worker, as with API instances started with WORKERS=0 beside workers of their own (README).
    servers.push(
      ...(await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: location.url, WORKERS: '0' })))),
    );
    const token = await loginOver(servers[0].base, STAFF.email, STAFF.password);
    const statuses: number[] = [];
    for (let wave = 0; wave < waves; wave++) {
      const answers = await Promise.all(
        Array.from({ length: WAVE }, async (_, i) => {
          const { brand, machine } = machines[i % 2];
          const response = await fetch(`${servers[i % 2].base}/api/certificate`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify(certificateBody(brand.id, machine.id, 1 + (i % 7))),
          });
          return response.status;
        }),
      );
      statuses.push(...answers);
    }
    assert.deepEqual([...new Set(statuses)], [200]);

    const check = openDatabase(location);
    try {
      const { certificates, units } = await assertSerialInvariants(check.db);
      assert.equal(certificates.length, creates);
      // Both machines share the prefix, so both processes drew from the same counter.
      assert.equal(new Set(certificates.map((c) => c.serial_base)).size, 1);
      console.log(
        `instances: ${creates} creates over 2 processes, ${units.length} unique consecutive serials`,
      );
    } finally {
      await check.close();
    }
  },
);
