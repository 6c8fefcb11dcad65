import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isValidEan } from 'contracts';
import { createRepositories } from '../dependencies';
import { createTestDatabase, kinds } from '../test/harness';
import { seedDemo } from './seed';

for (const kind of kinds) {
  describe(`demo seed on ${kind}`, () => {
    test('an empty database gets the catalogue and one demo account, once', async () => {
      const testDb = await createTestDatabase(kind);
      try {
        const repositories = createRepositories(testDb.database);
        const demo = await seedDemo(repositories);
        assert.ok(demo && demo.password.length >= 12);
        const brands = await repositories.brands.list();
        assert.equal(brands.length, 3);
        const machines = await repositories.machines.list({
          search: '',
          sort: 'pos',
          order: 'asc',
          limit: 100,
          offset: 0,
        });
        assert.equal(machines.total, 12);
        for (const machine of machines.rows) assert.ok(isValidEan(machine.ean_number), machine.name);
        assert.equal(await seedDemo(repositories), null, 'a second start seeds nothing');
        assert.equal((await repositories.brands.list()).length, 3);
      } finally {
        await testDb.drop();
      }
    });

    test('an account made before the first start still gets the catalogue, but no demo account', async () => {
      const testDb = await createTestDatabase(kind);
      try {
        const repositories = createRepositories(testDb.database);
        await repositories.users.add(
          { email: 'erste@example.com', password: 'erstes-Passwort-1' },
          { N: 1024, r: 8, p: 1 },
        );
        assert.equal(await seedDemo(repositories), null);
        assert.equal((await repositories.brands.list()).length, 3);
        assert.equal(await repositories.users.count(), 1);
      } finally {
        await testDb.drop();
      }
    });
  });
}
