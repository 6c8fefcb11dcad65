import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareDecimals, decimalOf } from './decimal';
import { ANY_UNIT_RANGE, measurementRange } from './measurement-ranges';
import { keepsDigits, limitStanding, rangeText, withinRange } from './test-record';

const compare = (a: string | number, b: string | number) => compareDecimals(decimalOf(a)!, decimalOf(b)!);

test('decimals compare exactly, where doubles read two numbers as one', () => {
  // Both are the double 100000000000000.
  assert.equal(Number('100000000000000.001'), 100000000000000);
  assert.equal(compare('100000000000000,001', 100000000000000), 1);
  assert.equal(compare('99999999999999,999', 1e14), -1);
  assert.equal(compare('100000000000000,000', 1e14), 0);
  assert.equal(compare('-0,5', '-0.50'), 0);
  assert.equal(compare('+2', '-2'), 1);
  // A number's shortest form, with or without an exponent.
  assert.equal(compare('0,3', 0.3), 0);
  assert.equal(compare('0,0000005', 5e-7), 0);
  assert.equal(compare(1e21, '999999999999999999999'), 1);
  for (const bad of ['1e5', '', ' ', '1,2,3', 'NaN', '0x10', '.5'])
    assert.equal(decimalOf(bad), undefined, bad);
  for (const bad of [NaN, Infinity, -Infinity]) assert.equal(decimalOf(bad), undefined);
});

test('a value and its limits apart in the 15th significant digit, or beyond, stand where they are', () => {
  const step = { lower: 12345678901234.5, upper: 100000000000000 };
  assert.equal(limitStanding(step, '12345678901234,4'), 'below');
  assert.equal(limitStanding(step, '12345678901234,5'), 'within');
  assert.equal(limitStanding(step, '12345678901234,499'), 'below');
  assert.equal(limitStanding(step, '100000000000000'), 'within');
  assert.equal(limitStanding(step, '100000000000000,001'), 'above');
  assert.equal(limitStanding(step, 'viel'), undefined);
  assert.equal(limitStanding({ lower: null, upper: null }, '-999999999999999'), 'within');
});

test('a limit typed with more digits than a number keeps is told apart', () => {
  assert.equal(keepsDigits('0,3'), true);
  assert.equal(keepsDigits('1,50'), true);
  assert.equal(keepsDigits('12345678901234,5'), true);
  assert.equal(keepsDigits('100000000000000,001'), false);
  assert.equal(keepsDigits('abc'), false);
});

test('values are bounded to their unit’s physical range, spelt either way', () => {
  assert.equal(withinRange('MΩ', '1000000000'), true);
  assert.equal(withinRange('MΩ', '1000000000,1'), false);
  assert.equal(withinRange('MΩ', '-0,1'), false);
  // The micro sign and the Greek mu, the ohm sign and the Greek omega, are one unit.
  assert.deepEqual(measurementRange('\u00b5A'), measurementRange('\u03bcA'));
  assert.deepEqual(measurementRange('k\u2126'), measurementRange('k\u03a9'));
  assert.deepEqual(measurementRange(' \u2103 '), { min: -273.15, max: 10_000 });
  assert.equal(withinRange('°C', '-273,16'), false);
  assert.equal(withinRange('V', '-60'), true);
  // A unit not listed, and names an object inherits, have the range of 15 digits.
  for (const unit of ['Stück', 'constructor', '__proto__', 'toString'])
    assert.deepEqual(measurementRange(unit), ANY_UNIT_RANGE, unit);
  assert.equal(withinRange('Stück', '999999999999999,999999'), true);
  assert.equal(rangeText('MΩ'), '0 … 1.000.000.000 MΩ');
  assert.equal(rangeText('°C'), '-273,15 … 10.000 °C');
});
