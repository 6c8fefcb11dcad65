import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiPaths, type PrintData } from 'contracts';
import { auth, certificateBody, createTestApp, kinds, seedMachine, type TestApp } from '../../test/harness';

for (const kind of kinds) {
  describe(`voiding unit by unit on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const call = (url: string, payload?: object) =>
      t.app.inject({ method: payload ? 'POST' : 'GET', url: `/api${url}`, headers: auth(t.token), payload });

    test('voiding the last unit one by one voids the certificate with the time and the reason', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const [issued] = (
        await call(apiPaths.certificateCreate(), certificateBody(brand.id, machine.id, 2))
      ).json() as PrintData[];
      const serial = (k: number) =>
        `${issued.serialNoPart1}${String(issued.recordsCount + k).padStart(3, '0')}`;
      const first = await call(apiPaths.certificateVoid(issued.id), {
        version: 1,
        reason: 'Transportschaden',
        serials: [serial(0)],
      });
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().voided_at, null);
      const last = await call(apiPaths.certificateVoid(issued.id), {
        version: 2,
        reason: 'Rückruf',
        serials: [serial(1)],
      });
      assert.equal(last.statusCode, 200, last.body);
      const voided = last.json() as PrintData;
      assert.equal(voided.status, 'voided');
      assert.equal(voided.void_reason, 'Rückruf');
      assert.ok(voided.voided_at);
      const stored = await t.db
        .selectFrom('certificates')
        .select(['voided_at', 'voided_by', 'void_reason'])
        .where('id', '=', issued.id)
        .executeTakeFirstOrThrow();
      assert.equal(stored.void_reason, 'Rückruf');
      assert.equal(stored.voided_by, t.accountId);
      assert.ok(stored.voided_at);
    });
  });
}
