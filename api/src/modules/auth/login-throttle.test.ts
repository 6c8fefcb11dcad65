import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, kinds, type TestApp } from '../../test/harness';
import { loginThrottleRepository } from './login-throttle.repository';

const RULE = { limit: 3, windowMinutes: 15, lockMinutes: 15 };

for (const kind of kinds) {
  describe(`the failure counter of a throttled key on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    test('locks at the limit once; failures while locked count toward no second lock', async () => {
      const throttle = loginThrottleRepository(t.db);
      const now = new Date('2026-11-28T10:00:00Z');
      const counted = [];
      for (let i = 0; i < RULE.limit; i++) counted.push(await throttle.recordFailure('k', RULE, now));
      assert.deepEqual(counted, [false, false, true]);
      // Parallel requests whose failure is recorded after the lock: none may lock it again (and so be checked).
      const later = new Date(now.getTime() + 60_000);
      for (let i = 0; i < 2 * RULE.limit; i++)
        assert.equal(await throttle.recordFailure('k', RULE, later), false);
      assert.ok((await throttle.lockedUntil('k', later))!.getTime() > later.getTime());
      // Once the lock has run out, counting starts again from the first failure.
      const afterLock = new Date(now.getTime() + (RULE.lockMinutes + 1) * 60_000);
      const again = [];
      for (let i = 0; i < RULE.limit; i++) again.push(await throttle.recordFailure('k', RULE, afterLock));
      assert.deepEqual(again, [false, false, true]);
    });
  });
}
