import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '../messages';
import { HASHING } from '../modules/users/password';
import { createTestApp, kinds, type TestApp } from '../test/harness';
import { BusyError, workQueue } from './busy';

test('a work queue runs so many at once, lets so many wait, and refuses the rest at once', async () => {
  const queue = workQueue({ running: 2, waiting: 3, busy: () => new BusyError('beschäftigt', 5) });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let peak = 0;
  const jobs = Array.from({ length: 8 }, () =>
    queue.run(async () => {
      peak = Math.max(peak, queue.load.active);
      await gate;
      return 'fertig';
    }),
  );
  const settled = Promise.allSettled(jobs);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(queue.load, { active: 2, waiting: 3 });
  release();
  const results = await settled;
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 5);
  const refused = results.filter((r) => r.status === 'rejected');
  assert.equal(refused.length, 3);
  for (const r of refused) assert.ok(r.reason instanceof BusyError && r.reason.retryAfterSeconds === 5);
  assert.equal(peak, 2);
  assert.deepEqual(queue.load, { active: 0, waiting: 0 });
  // One that waits too long gives up its place in line and is refused.
  const slow = workQueue({ running: 1, waiting: 1, maxWaitMs: 20, busy: () => new BusyError('zu lange', 5) });
  let finish!: () => void;
  const first = slow.run(() => new Promise<void>((resolve) => (finish = resolve)));
  await assert.rejects(
    slow.run(async () => 'nie'),
    (error: unknown) => error instanceof BusyError && error.message === 'zu lange',
  );
  assert.deepEqual(slow.load, { active: 1, waiting: 0 });
  finish();
  await first;
  assert.deepEqual(slow.load, { active: 0, waiting: 0 });
  // A job that fails passes its slot on all the same.
  await assert.rejects(queue.run(() => Promise.reject(new Error('kaputt'))));
  assert.equal(await queue.run(async () => 'wieder frei'), 'wieder frei');
});

for (const kind of kinds) {
  describe(`a storm of sign-ins on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    test('beyond the hashing queue a sign-in is refused at once in German; the API keeps answering', async () => {
      // Unknown accounts pay for a real scrypt (the dummy hash), each from its own address, so no limit applies.
      const storm = HASHING.running + HASHING.waiting + 24;
      const answers = Promise.all(
        Array.from({ length: storm }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: `sturm${i}@example.com`, password: 'falsch' },
            remoteAddress: `10.30.${Math.floor(i / 200)}.${i % 200}`,
          }),
        ),
      );
      const started = performance.now();
      const health = await t.app.inject({ url: '/api/healthz' });
      assert.equal(health.statusCode, 200);
      assert.ok(performance.now() - started < 1000, 'healthz waited for the hashes');
      const all = await answers;
      const busy = all.filter((r) => r.statusCode === 429);
      assert.ok(busy.length >= 24, `${busy.length} of ${storm} refused`);
      for (const r of busy) {
        assert.equal(r.json().error.message, messages.signInBusy);
        assert.equal(r.headers['retry-after'], String(HASHING.retryAfterSeconds));
      }
      assert.ok(all.every((r) => r.statusCode === 401 || r.statusCode === 429));
      // One refused at once cost the database nothing: only the ones let in line counted an attempt (on a slow
      // machine one of them may still give up waiting for the hash).
      const counted = await t.db
        .selectFrom('login_throttle')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', 'like', 'ip:10.30.%')
        .executeTakeFirstOrThrow();
      assert.ok(Number(counted.n) <= HASHING.running + HASHING.waiting, `${counted.n} attempts counted`);
      assert.ok(Number(counted.n) >= all.filter((r) => r.statusCode === 401).length);
      // The storm is over: the next sign-in is checked again.
      assert.equal(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: 'nach-dem-sturm@example.com', password: 'falsch' },
            remoteAddress: '10.31.0.1',
          })
        ).statusCode,
        401,
      );
    });
  });
}
