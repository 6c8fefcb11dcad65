import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unitSerialIn } from './serial';

test('unitSerialIn: a whole serial inside the range, in the spelling it was issued with', () => {
  assert.equal(unitSerialIn('4852611002', '4852611001', '4852611003', 3), '4852611002');
  assert.equal(unitSerialIn(' ab2611003 ', 'AB2611001', 'AB2611003', 3), 'AB2611003');
  assert.equal(unitSerialIn('4852611001', '4852611001', '4852611001', 1), '4852611001');
});

test('unitSerialIn: the counter past 999 inside one certificate', () => {
  assert.equal(unitSerialIn('X26111000', 'X2611998', 'X26111001', 4), 'X26111000');
  assert.equal(unitSerialIn('X2611999', 'X2611998', 'X26111001', 4), 'X2611999');
});

test('unitSerialIn: nothing for a serial outside the range, a base, an article number or a partial serial', () => {
  assert.equal(unitSerialIn('4852611004', '4852611001', '4852611003', 3), undefined);
  assert.equal(unitSerialIn('4852611', '4852611001', '4852611003', 3), undefined);
  assert.equal(unitSerialIn('MAB 825', '4852611001', '4852611003', 3), undefined);
  assert.equal(unitSerialIn('485261100', '4852611001', '4852611003', 3), undefined);
  assert.equal(unitSerialIn('', '4852611001', '4852611003', 3), undefined);
});
