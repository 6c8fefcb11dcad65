import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isHttpUrl, isValidEan, validateMachineFields } from './validation';
import { landingUrl } from './serial';

test('EAN-13 and EAN-8 check digits', () => {
  assert.equal(isValidEan('4006381333931'), true);
  assert.equal(isValidEan('4006381333932'), false);
  assert.equal(isValidEan('96385074'), true);
  assert.equal(isValidEan('96385075'), false);
  assert.equal(isValidEan('400638133393'), false);
  assert.equal(isValidEan('40063813339a1'), false);
  assert.equal(isValidEan(''), false);
});

test('only http(s) links count as URLs', () => {
  assert.equal(isHttpUrl('https://example.com/x?y=1'), true);
  assert.equal(isHttpUrl('http://example.com'), true);
  assert.equal(isHttpUrl('javascript:alert(1)'), false);
  assert.equal(isHttpUrl('ftp://example.com'), false);
  assert.equal(isHttpUrl('example.com'), false);
  assert.equal(isHttpUrl('https://example.com/daten blatt.pdf'), false);
});

test('machine fields get one German message each', () => {
  const errors = validateMachineFields({
    brand_id: null,
    name: ' ',
    serial_prefix: 'a b',
    ean_number: '123',
    link_en: 'javascript:alert(1)',
    link_ger: '',
  });
  assert.deepEqual(Object.keys(errors).sort(), [
    'brand_id',
    'ean_number',
    'link_en',
    'name',
    'serial_prefix',
  ]);
  assert.equal(errors.serial_prefix, 'Nur Buchstaben, Ziffern und „-“ erlaubt');
});

test("a unit's landing URL names the machine and the serial", () => {
  assert.equal(landingUrl('https://x.de/', 12, '4852406001'), 'https://x.de/landing/12/4852406001');
  assert.equal(landingUrl('https://x.de', 12), 'https://x.de/landing/12');
});
