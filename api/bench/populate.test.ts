import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  assertSerialInvariants,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  type TestApp,
} from '../src/test/harness';
import { fromWire } from 'contracts';
import { populate } from './populate';

for (const kind of kinds) {
  describe(`benchmark data on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    test('generated certificates keep every serial invariant, and new ones continue the counters', async () => {
      const user = await t.repositories.users.findByEmail('staff@example.com');
      await populate(t.testDb.database, { certificates: 500, machines: 7, unitsPerCertificate: 5 }, user!.id);
      const { certificates, units } = await assertSerialInvariants(t.db);
      assert.equal(certificates.length, 500);
      assert.equal(units.length, 2500);

      for (const table of ['units_by_brand', 'units_by_machine', 'units_by_checker'] as const) {
        const { units: counted } = await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.sum<number>('units').as('units'))
          .executeTakeFirstOrThrow();
        // By month and by year for machines.
        assert.equal(Number(counted), table === 'units_by_machine' ? 5000 : 2500, table);
      }

      const list = await t.app.inject({ url: '/api/certificates?per_page=10', headers: auth(t.token) });
      assert.equal(list.json().total, 500);
      const serial = units[1234].serial;
      const found = await t.app.inject({ url: `/api/certificates?search=${serial}`, headers: auth(t.token) });
      assert.equal(found.json().total, 1);

      const machine = (await t.db.selectFrom('machines').selectAll().limit(1).execute())[0];
      const counterBefore = await t.db
        .selectFrom('serial_counters')
        .select('last')
        .where('serial_base', '=', `${machine.serial_prefix}2601`)
        .executeTakeFirstOrThrow();
      // Dated in the generated rows' month, so it continues their counter.
      const created = await t.services.certificates.issue(
        fromWire(certificateBody(machine.brand_id, machine.id, 3)),
        user!.id,
        { now: new Date('2026-01-15T12:00:00Z') },
      );
      assert.equal(created.first_unit_number, counterBefore.last + 1);
      await assertSerialInvariants(t.db);
    });
  });
}
