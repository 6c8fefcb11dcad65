import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createServices, type Services } from '../services';
import { auth, certificateBody, createTestApp, kinds, seedMachine, type TestApp } from '../test/harness';
import { openDatabase, type DatabaseHandle } from './database';
import { readCache } from './read-cache';

describe('read cache', () => {
  test('keeps a read while the version stands, reads again when it moves or is unknown', async () => {
    let version: number | undefined = 1;
    const cached = readCache({ version: () => version });
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    assert.deepEqual(await cached('a', load), { loads: 1 });
    assert.deepEqual(await cached('a', load), { loads: 1 });
    assert.deepEqual(await cached('b', load), { loads: 2 }, 'each key is its own read');
    version = 2;
    assert.deepEqual(await cached('a', load), { loads: 3 });
    version = undefined;
    assert.deepEqual(await cached('a', load), { loads: 4 });
    assert.deepEqual(await cached('a', load), { loads: 5 });
  });

  test('a read overtaken by a change during it is not kept', async () => {
    let version = 1;
    const cached = readCache({ version: () => version });
    let loads = 0;
    const changedWhileReading = async () => {
      version++;
      return { loads: ++loads };
    };
    await cached('a', changedWhileReading);
    assert.deepEqual(await cached('a', async () => ({ loads: ++loads })), { loads: 2 });
  });
});

/**
 * SQLite sees another connection's commit in the next turn of the event loop (a request from outside
 * always arrives in one); PostgreSQL's notice arrives a moment later.
 */
async function eventually(kind: string, check: () => Promise<void>) {
  const deadline = Date.now() + (kind === 'sqlite' ? 0 : 3000);
  for (;;) {
    await new Promise((r) => setImmediate(r));
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

for (const kind of kinds) {
  describe(`reads kept in memory on ${kind} follow changes made by another process`, () => {
    let t: TestApp;
    let second: DatabaseHandle;
    let elsewhere: Services;
    let machine: Awaited<ReturnType<typeof seedMachine>>['machine'];
    let brand: Awaited<ReturnType<typeof seedMachine>>['brand'];

    before(async () => {
      t = await createTestApp(kind);
      ({ brand, machine } = await seedMachine(t.services, { name: 'Vorher' }));
      // A second connection with its own memory: to the database it is another API process.
      second = openDatabase(t.testDb.location, { schema: t.testDb.schema });
      elsewhere = createServices(second, t.config);
      // Until PostgreSQL's listener is connected nothing is kept; wait, so these tests see the cache.
      await eventually(kind, async () => assert.notEqual(t.testDb.database.version(), undefined));
    });
    after(async () => {
      await second.close();
      await t.close();
    });

    const landing = async () => (await t.app.inject(`/api/brandMachineById/${machine.id}`)).json();
    const list = (token = t.token) => t.app.inject({ url: '/api/certificates', headers: auth(token) });

    test('a renamed machine', async () => {
      assert.equal((await landing()).name, 'Vorher');
      assert.equal((await landing()).name, 'Vorher');
      await second.db.updateTable('machines').set({ name: 'Nachher' }).where('id', '=', machine.id).execute();
      await eventually(kind, async () => assert.equal((await landing()).name, 'Nachher'));
    });

    test('a certificate created elsewhere', async () => {
      const before = (await list()).json().total;
      assert.equal((await list()).json().total, before);
      await elsewhere.certificates.create(certificateBody(brand.id, machine.id, 2), await snapshot(), 1);
      await eventually(kind, async () => assert.equal((await list()).json().total, before + 1));
    });

    test('a session ended elsewhere', async () => {
      const token = await t.login();
      assert.equal((await list(token)).statusCode, 200);
      assert.equal((await list(token)).statusCode, 200);
      await elsewhere.sessions.revoke(token);
      await eventually(kind, async () => assert.equal((await list(token)).statusCode, 401));
    });

    test('a user disabled from the command line', async () => {
      assert.equal((await list()).statusCode, 200);
      const [user] = await second.db.selectFrom('users').select('email').execute();
      await elsewhere.users.disable(user.email);
      await eventually(kind, async () => assert.equal((await list()).statusCode, 401));
    });

    async function snapshot() {
      return {
        machine: (await t.services.machines.get(machine.id))!,
        brand: (await t.services.brands.get(brand.id))!,
      };
    }
  });
}
