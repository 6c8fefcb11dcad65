import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, kinds, type TestApp } from '../test/harness';
import { addressKey } from './client-address';

test('IPv6 addresses count by their /64, IPv4 addresses by themselves', () => {
  assert.equal(addressKey('203.0.113.7'), '203.0.113.7');
  assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
  for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:0DB8:0001:0002::ffff'])
    assert.equal(addressKey(address), '2001:db8:1:2::/64', address);
  assert.equal(addressKey('2001:db8:1:3::1'), '2001:db8:1:3::/64');
  assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
  assert.equal(addressKey('::1'), '0:0:0:0::/64');
  assert.equal(addressKey('fe80::1:2:3:4'), 'fe80:0:0:0::/64');
  assert.equal(addressKey('64:ff9b::192.0.2.1'), '64:ff9b:0:0::/64');
  assert.equal(addressKey('kein-ip'), 'kein-ip');
});

for (const kind of kinds) {
  describe(`limits per client address on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { publicRateLimit: 3 });
    });
    after(() => t.close());

    test('the public limit counts one IPv6 /64 as one client', async () => {
      const call = (remoteAddress: string) =>
        t.app.inject({ url: '/api/brandMachineById/999999', remoteAddress });
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push((await call(`2001:db8:7:7::${i}`)).statusCode);
      assert.deepEqual(statuses, [404, 404, 404, 429]);
      // The next /64 is another client.
      assert.equal((await call('2001:db8:7:8::1')).statusCode, 404);
    });

    test('failed sign-ins from one IPv6 /64 count toward one address limit', async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'sechs@example.com', password: 'falsch' },
        remoteAddress: '2001:db8:9:9::abcd',
      });
      const keys = await t.db.selectFrom('login_throttle').select('key').execute();
      assert.ok(keys.some((row) => row.key === 'ip:2001:db8:9:9::/64'));
    });
  });
}
