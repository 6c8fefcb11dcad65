import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Another process holding SQLite's write lock (a backup, a second instance, `sqlite3` at a prompt) makes a
 * write wait; the waiting must not stop the event loop (db/busy-retry.ts).
 */
describe('a held SQLite write lock on sqlite', () => {
  let t: TestApp;
  let other: SQLite.Database;
  before(async () => {
    t = await createTestApp('sqlite');
    if (t.config.database.kind !== 'sqlite') throw new Error('SQLite only');
    other = new SQLite(t.config.database.file);
  });
  after(async () => {
    other.close();
    await t.close();
  });

  test('a write waits for the lock without blocking other requests, then goes through', async () => {
    other.exec('begin immediate');
    const started = performance.now();
    const write = t.app.inject({
      method: 'POST',
      url: '/api/brand',
      headers: { authorization: t.token },
      payload: { name: 'Gesperrt GmbH', logo: '', email: 'info@gesperrt.example', website_link: '' },
    });
    // The lock is given up by a timer, which only fires if the event loop is free meanwhile.
    let healthAfterMs = Infinity;
    await new Promise<void>((resolve) =>
      setTimeout(async () => {
        const health = await t.app.inject({ url: '/api/healthz' });
        assert.equal(health.statusCode, 200);
        healthAfterMs = performance.now() - started;
        other.exec('commit');
        resolve();
      }, 300),
    );
    const written = await write;
    assert.ok(healthAfterMs < 1000, `/healthz answered only after ${Math.round(healthAfterMs)} ms`);
    assert.equal(written.statusCode, 201, written.body);
    assert.ok(performance.now() - started < 2000);
  });

  test('a lock held for longer than five seconds ends in a German 503, not a 500', async () => {
    other.exec('begin immediate');
    try {
      const written = await t.app.inject({
        method: 'POST',
        url: '/api/brand',
        headers: { authorization: t.token },
        payload: { name: 'Immer noch gesperrt', logo: '', email: 'info@gesperrt.example', website_link: '' },
      });
      assert.equal(written.statusCode, 503, written.body);
      assert.equal(written.json().error.code, 'DATABASE_UNAVAILABLE');
    } finally {
      other.exec('commit');
    }
  });
});
