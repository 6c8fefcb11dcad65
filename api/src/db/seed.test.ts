import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { berlinIsoDate, instrumentStanding, isValidEan } from 'contracts';
import { createRepositories } from '../dependencies';
import { createTestDatabase, kinds } from '../test/harness';
import { openDatabase, type DatabaseHandle } from './database';
import { seedDemo } from './seed';

for (const kind of kinds) {
  describe(`demo seed on ${kind}`, () => {
    test('an empty database gets the catalogue and one demo account, once', async () => {
      const testDb = await createTestDatabase(kind);
      try {
        const repositories = createRepositories(testDb.database);
        const demo = await seedDemo(testDb.database);
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
        const first = machines.rows.find((machine) => machine.name === 'MAB 825')!;
        const plan = await repositories.testPlans.current(first.id);
        assert.equal(plan?.version, 1, 'the first machine has a plan of measured values');
        assert.deepEqual(
          plan.steps.filter((step) => step.kind === 'numeric').map((step) => step.key),
          ['isolation', 'insulation_resistance', 'residual_voltage'],
        );
        // A fresh install shows the instrument choice: the plan names kinds the register has, fit today.
        const register = await repositories.instruments.list();
        assert.deepEqual(register.map(({ inventory_number, kind }) => [inventory_number, kind]).sort(), [
          ['PM-0101', 'insulation_tester'],
          ['PM-0102', 'multimeter'],
        ]);
        const today = berlinIsoDate(new Date());
        for (const instrument of register) {
          assert.equal(instrumentStanding(instrument, today), 'fit', instrument.inventory_number);
          assert.ok(instrument.last_calibrated < today && instrument.due > today, instrument.due);
        }
        assert.deepEqual(
          plan.steps.filter((step) => step.instrument_kind).map((step) => [step.key, step.instrument_kind]),
          [
            ['insulation_resistance', 'insulation_tester'],
            ['residual_voltage', 'multimeter'],
          ],
        );
        assert.equal(await seedDemo(testDb.database), null, 'a second start seeds nothing');
        assert.equal((await repositories.brands.list()).length, 3);
        assert.equal((await repositories.instruments.list()).length, 2);
      } finally {
        await testDb.drop();
      }
    });

    test('instances starting together on an empty database seed it once, and none fails', async () => {
      const testDb = await createTestDatabase(kind);
      const others: DatabaseHandle[] = [];
      try {
        // Separate pools, as separate processes have; SQLite's one file handle per process is the case
        // of instances in one process.
        const handles =
          kind === 'postgres'
            ? [
                testDb.database,
                ...[1, 2, 3].map(() => openDatabase(testDb.location, { schema: testDb.schema })),
              ]
            : [testDb.database, testDb.database, testDb.database];
        others.push(...handles.slice(1).filter((h) => h !== testDb.database));
        const results = await Promise.all(handles.map((handle) => seedDemo(handle)));
        assert.equal(results.filter(Boolean).length, 1, 'one demo account, announced once');
        const repositories = createRepositories(testDb.database);
        assert.equal((await repositories.brands.list()).length, 3);
        assert.equal(await repositories.users.count(), 1);
      } finally {
        for (const handle of others) await handle.close();
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
        assert.equal(await seedDemo(testDb.database), null);
        assert.equal((await repositories.brands.list()).length, 3);
        assert.equal(await repositories.users.count(), 1);
      } finally {
        await testDb.drop();
      }
    });
  });
}
