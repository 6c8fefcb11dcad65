import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eanSpellings, gs1Path, gtin14, parseGs1Path, qrUrl } from './gs1';

test('gtin14: EAN-13, EAN-8, UPC-A and GTIN-14 with a right check digit, zero-padded to 14 digits', () => {
  assert.equal(gtin14('4006381333931'), '04006381333931');
  assert.equal(gtin14(' 96385074 '), '00000096385074');
  assert.equal(gtin14('036000291452'), '00036000291452');
  assert.equal(gtin14('10614141000415'), '10614141000415');
});

test('gtin14: a wrong check digit, a wrong length or anything but digits is no GTIN', () => {
  for (const code of [
    '4006381333932',
    '96385075',
    '036000291453',
    '10614141000416',
    '',
    '1234567',
    '400638133393',
    '400638133393100',
    '40063813339３1',
    '4006381333931\n1',
    '-4006381333931',
    '4006381333931; drop table machines',
  ])
    assert.equal(gtin14(code), null, code);
});

test('eanSpellings: every way the machine form or older data may have stored the GTIN', () => {
  assert.deepEqual(eanSpellings('00000096385074'), [
    '96385074',
    '000096385074',
    '0000096385074',
    '00000096385074',
  ]);
  assert.deepEqual(eanSpellings('04006381333931'), ['4006381333931', '04006381333931']);
  assert.deepEqual(eanSpellings('00036000291452'), ['036000291452', '0036000291452', '00036000291452']);
  assert.deepEqual(eanSpellings('10614141000415'), ['10614141000415']);
});

test('parseGs1Path reads back what gs1Path writes, and nothing else', () => {
  assert.deepEqual(parseGs1Path(gs1Path('04006381333931', 'AB-24060012')), {
    gtin: '04006381333931',
    serial: 'AB-24060012',
  });
  assert.deepEqual(parseGs1Path(gs1Path('04006381333931')), { gtin: '04006381333931' });
  assert.deepEqual(parseGs1Path('/01/123/21/%E2%9C%93/'), { gtin: '123', serial: '✓' });
  // A broken escape is kept as written instead of throwing.
  assert.deepEqual(parseGs1Path('/01/04006381333931/21/%E0%A4%A'), {
    gtin: '04006381333931',
    serial: '%E0%A4%A',
  });
  for (const path of [
    '/landing/1/2',
    '/01',
    '/01/',
    '/01/x/21',
    '/01/x/21/',
    '/01/x/22/y',
    '/01/x/21/y/z',
    '/x/01/y',
  ])
    assert.equal(parseGs1Path(path), null, path);
});

test('qrUrl: a GS1 Digital Link when asked for and possible, else the customer page path', () => {
  const machine = { id: 12, ean: '4006381333931' };
  const gs1 = { webBase: 'https://pb.example/', qrFormat: 'gs1' } as const;
  assert.equal(qrUrl(gs1, machine, '4852406001'), 'https://pb.example/01/04006381333931/21/4852406001');
  assert.equal(qrUrl(gs1, machine), 'https://pb.example/01/04006381333931');
  // Without a valid EAN, or with a serial longer than AI 21 allows, the current link.
  assert.equal(qrUrl(gs1, { id: 12, ean: '' }, '4852406001'), 'https://pb.example/landing/12/4852406001');
  assert.equal(qrUrl(gs1, { id: 12, ean: '4006381333932' }), 'https://pb.example/landing/12');
  assert.equal(qrUrl(gs1, machine, 'A'.repeat(21)), `https://pb.example/landing/12/${'A'.repeat(21)}`);
  assert.equal(
    qrUrl(gs1, machine, 'A'.repeat(20)),
    `https://pb.example/01/04006381333931/21/${'A'.repeat(20)}`,
  );
  // The default and 'landing' keep the current links.
  for (const config of [
    { webBase: 'https://pb.example' },
    { webBase: 'https://pb.example', qrFormat: 'landing' as const },
  ])
    assert.equal(qrUrl(config, machine, '4852406001'), 'https://pb.example/landing/12/4852406001');
});
