import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { sql } from 'kysely';
import { migrate, openDatabase } from '../db/database';
import { createRepositories } from '../dependencies';
import { STAFF, TEST_COST, assertSerialInvariants, certificateBody, seedMachine } from '../test/harness';
import { loginOver, startServer } from '../test/server-process';

/** `npm run test:soak` sets SOAK=1 for the long version. */
const soak = process.env.SOAK === '1';
const rounds = soak ? 10 : 1;
const workers = soak ? 32 : 12;
const stormMs = soak ? 3000 : 1200;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-crash-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test(`SQLite survives SIGKILL in the middle of a storm of certificate creates (${rounds} round(s))`, async () => {
  const file = path.join(dir, 'crash.db');
  const location = { kind: 'sqlite' as const, file };
  const setup = openDatabase(location);
  await migrate(setup.db);
  const repositories = createRepositories(setup);
  await repositories.users.add(STAFF, TEST_COST);
  const { brand, machine } = await seedMachine(repositories, { prefix: 'KILL' });
  await setup.close();

  /** Every certificate the API answered 200 for, as it answered. */
  const answered = new Map<number, { serial_no: string; endSerialNo: string; crowd: number }>();
  for (let round = 0; round < rounds; round++) {
    const server = await startServer({ DATABASE_URL: `sqlite:${file}` });
    const token = await loginOver(server.base, STAFF.email, STAFF.password);
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const crowd = 1 + Math.floor(Math.random() * 10);
        try {
          const response = await fetch(`${server.base}/api/certificate`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify(certificateBody(brand.id, machine.id, crowd)),
          });
          if (response.status === 200) {
            const [printed] = (await response.json()) as {
              id: number;
              serial_no: string;
              endSerialNo: string;
              crowd: number;
            }[];
            answered.set(printed.id, printed);
          } else assert.fail(`status ${response.status}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const storm = Array.from({ length: workers }, worker);
    await new Promise((r) => setTimeout(r, stormMs * (0.5 + Math.random())));
    killed = true;
    await server.stop('SIGKILL');
    await Promise.all(storm);
  }

  const database = openDatabase(location);
  try {
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db);
    assert.equal(integrity.rows[0].integrity_check, 'ok');
    const { certificates } = await assertSerialInvariants(database.db);
    const stored = new Map(certificates.map((c) => [c.id, c]));
    assert.ok(answered.size > 0, 'the storm created nothing');
    for (const [id, printed] of answered) {
      const row = stored.get(id);
      assert.ok(row, `certificate ${id} was answered 200 but is gone`);
      assert.equal(row.first_serial, printed.serial_no);
      assert.equal(row.last_serial, printed.endSerialNo);
      assert.equal(row.quantity, printed.crowd);
    }
    console.log(`crash: ${rounds} kill(s), ${answered.size} answered creates, ${certificates.length} stored`);
  } finally {
    await database.close();
  }
});
