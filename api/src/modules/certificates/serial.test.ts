import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serialBase, unitSerial } from './serial';

test('serialBase is the prefix plus YYMM in Europe/Berlin', () => {
  assert.equal(serialBase('485', new Date('2024-06-15T10:00:00Z')), '4852406');
  // 23:30 UTC on 30 November is already December in Berlin (UTC+1).
  assert.equal(serialBase('485', new Date('2026-11-30T23:30:00Z')), '4852612');
  // 22:30 UTC on 31 May is 00:30 on 1 June in Berlin (UTC+2, summer time).
  assert.equal(serialBase('A-1', new Date('2026-05-31T22:30:00Z')), 'A-12606');
  assert.equal(serialBase('485', new Date('2026-05-31T21:30:00Z')), '4852605');
});

test('unit serials are the serial base plus a counter padded to 3 digits', () => {
  assert.equal(unitSerial('4852406', 1, 0), '4852406001');
  assert.equal(unitSerial('4852406', 998, 2), '48524061000');
});
