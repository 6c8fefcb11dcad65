import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isValidEan } from 'contracts';
import { loadConfig } from '../config';
import { createServices } from '../services';
import { createTestDatabase, kinds } from '../test/harness';
import { seedDemo } from './seed';

for (const kind of kinds) {
  describe(`demo seed on ${kind}`, () => {
    test('an empty database gets the catalogue and one demo account, once', async () => {
      const testDb = await createTestDatabase(kind);
      try {
        const services = createServices(testDb.database, loadConfig({}));
        const demo = await seedDemo(services);
        assert.ok(demo && demo.password.length >= 12);
        const brands = await services.brands.list();
        assert.equal(brands.length, 3);
        const machines = await services.machines.list({ per_page: 100 });
        assert.equal(machines.total, 12);
        for (const machine of machines.data) assert.ok(isValidEan(machine.ean_number), machine.name);
        assert.equal(await seedDemo(services), null, 'a second start seeds nothing');
        assert.equal((await services.brands.list()).length, 3);
      } finally {
        await testDb.drop();
      }
    });

    test('an account made before the first start still gets the catalogue, but no demo account', async () => {
      const testDb = await createTestDatabase(kind);
      try {
        const services = createServices(testDb.database, loadConfig({}));
        await services.users.add(
          { email: 'erste@example.com', password: 'erstes-Passwort-1' },
          { N: 1024, r: 8, p: 1 },
        );
        assert.equal(await seedDemo(services), null);
        assert.equal((await services.brands.list()).length, 3);
        assert.equal(await services.users.count(), 1);
      } finally {
        await testDb.drop();
      }
    });
  });
}
