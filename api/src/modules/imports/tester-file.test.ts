import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { german } from '../../messages.de';
import { testZip } from '../../test/zip';
import { plainNumber, readTesterFile, TESTER_FILE_MAX_BYTES } from './tester-file';

/** The German reason a file is refused with. */
async function refusal(bytes: Buffer): Promise<string> {
  try {
    await readTesterFile(bytes);
  } catch (error) {
    assert.equal((error as { statusCode?: number }).statusCode, 400, String(error));
    return (error as Error).message;
  }
  assert.fail('the file was read');
}

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Messungen');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('Zweites Blatt').addRow(['nicht gelesen']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Metrel's DataSource.padf as docs/tester-files.md describes it. */
function padf(objects: string, prolog = '') {
  return `\uFEFF<?xml version="1.0" encoding="utf-8"?>${prolog}<Database><I IMiNm="MI 3325" ISer="21370123" ISwV="1.4.2" ICalD="2026-03-12"/><Data>${objects}</Data></Database>`;
}
const unit = (serial: string, rpe: string, riso: string) =>
  `<SO><SOSer>${serial}</SOSer><Ms><M MID="68"><R RID="135" V="${rpe}" U="Ω"/></M><M MID="69"><R RID="139" V="${riso}" U="MΩ"/></M></Ms></SO>`;

describe('a tester file is read by its content into one table', () => {
  test('CSV with semicolons, decimal commas and units in the header, in Windows-1252', async () => {
    const text =
      'Seriennummer;RPE [Ohm];Riso (MOhm);Bemerkung\r\n2026-0001;0,12;250,5;Gehäuse ä\r\n2026-0002;0,09;>999;\r\n';
    const table = await readTesterFile(Buffer.from(text, 'latin1'));
    assert.deepEqual(table, {
      format: 'csv',
      columns: ['Seriennummer', 'RPE', 'Riso', 'Bemerkung'],
      units: ['', 'Ohm', 'MOhm', ''],
      rows: [
        ['2026-0001', '0,12', '250,5', 'Gehäuse ä'],
        ['2026-0002', '0,09', '>999', ''],
      ],
    });
  });

  test('CSV with commas and decimal points, UTF-8 with BOM, quoted cells', async () => {
    const text = '\uFEFFSerial,R PE in Ω,Note\n2026-0001,0.12,"a, b"\n';
    const table = await readTesterFile(Buffer.from(text, 'utf8'));
    assert.deepEqual(table.columns, ['Serial', 'R PE', 'Note']);
    assert.deepEqual(table.units, ['', 'Ω', '']);
    assert.deepEqual(table.rows, [['2026-0001', '0.12', 'a, b']]);
  });

  test('XLSX: the first sheet, numbers written out exactly, a formula read as its stored result, never evaluated', async () => {
    const bytes = await xlsx([
      ['Seriennummer', 'RPE [Ω]', 'Riso [MΩ]', 'Formel'],
      ['2026-0001', 0.1, 0.0015, { formula: '1+1', result: 5 }],
      ['2026-0002', 199.9, 12345678901234, { formula: 'NOW()' }],
    ]);
    const table = await readTesterFile(bytes);
    assert.equal(table.format, 'xlsx');
    assert.deepEqual(table.columns, ['Seriennummer', 'RPE', 'Riso', 'Formel']);
    assert.deepEqual(table.units, ['', 'Ω', 'MΩ', '']);
    assert.deepEqual(table.rows, [
      ['2026-0001', '0.1', '0.0015', '5'],
      ['2026-0002', '199.9', '12345678901234', ''],
    ]);
  });

  test('Metrel .padfx: a ZIP holding DataSource.padf, whatever the file is called; one column per measurement and result id', async () => {
    const bytes = testZip([
      {
        name: 'DataSource.padf',
        data: padf(unit('2026-0001', '0.12', '250') + unit('2026-0002', '0.09', '310')),
        deflate: true,
      },
      { name: 'Pictures/readme.txt', data: 'ignored' },
    ]);
    const table = await readTesterFile(bytes);
    assert.deepEqual(table, {
      format: 'padfx',
      columns: ['SOSer', '68/135', '69/139'],
      units: ['', 'Ω', 'MΩ'],
      rows: [
        ['2026-0001', '0.12', '250'],
        ['2026-0002', '0.09', '310'],
      ],
      instrument: { model: 'MI 3325', serial: '21370123', firmware: '1.4.2', calibrationDate: '2026-03-12' },
    });
  });

  test('Excel numbers are written out without floating point', () => {
    assert.equal(plainNumber('1.5E-3'), '0.0015');
    assert.equal(plainNumber('1.2E+3'), '1200');
    assert.equal(plainNumber('-0.5'), '-0.5');
    assert.equal(plainNumber('100'), '100');
    assert.equal(plainNumber('1E+21'), '1000000000000000000000');
  });
});

describe('a bad tester file is refused with its German reason, and nothing else happens', () => {
  test('empty, too large, or neither a table nor a known archive (judged by content, not name)', async () => {
    assert.equal(await refusal(Buffer.alloc(0)), german.importEmpty);
    assert.equal(await refusal(Buffer.alloc(TESTER_FILE_MAX_BYTES + 1, 'a')), german.importTooLarge);
    assert.equal(await refusal(Buffer.from('%PDF-1.7\n\u0001\u0002binary')), german.importFormat);
    assert.equal(await refusal(testZip([{ name: 'notes.txt', data: 'a;b' }])), german.importFormat);
    assert.equal(await refusal(Buffer.from('Seriennummer;RPE\n')), german.importNoRows);
    assert.equal(await refusal(Buffer.from('a;b\n"1;2\n')), german.importCsvBroken);
  });

  test('a column with decimal commas and points mixed', async () => {
    const message = await refusal(Buffer.from('Seriennummer;RPE\n1;0,12\n2;0.13\n'));
    assert.equal(message, german.importMixedDecimals('RPE'));
  });

  test('too many rows, and an overlong cell', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `${i};1`).join('\n');
    assert.equal(await refusal(Buffer.from(`a;b\n${rows}\n`)), german.importTooBig);
    assert.equal(await refusal(Buffer.from(`a;b\n1;${'x'.repeat(501)}\n`)), german.importCellTooLong);
  });

  test('a ZIP with a name that climbs out of its folder, or an absolute one', async () => {
    for (const name of ['../../etc/passwd', '/etc/passwd', 'xl/../../evil']) {
      assert.equal(await refusal(testZip([{ name, data: 'x' }])), german.importZipPath, name);
    }
  });

  test('ZIP bombs: an entry that unpacks to more than it declares, and archives declaring too much', async () => {
    const zeros = Buffer.alloc(60 * 1024 * 1024);
    const lying = testZip([{ name: 'DataSource.padf', data: zeros, deflate: true, declaredSize: 1024 }]);
    assert.equal(await refusal(lying), german.importZipBroken);
    const honest = testZip([{ name: 'DataSource.padf', data: zeros, deflate: true }]);
    assert.equal(await refusal(honest), german.importZipTooBig);
    const many = testZip(Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}.txt`, data: '' })));
    assert.equal(await refusal(many), german.importZipTooBig);
    assert.equal(
      await refusal(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)])),
      german.importZipBroken,
    );
  });

  test('XML with external entities (XXE) or entity expansion (billion laughs) is not parsed at all', async () => {
    const xxe = padf(
      unit('&xxe;', '1', '1'),
      '<!DOCTYPE Database [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    const laughs = padf(
      unit('&lol3;', '1', '1'),
      '<!DOCTYPE Database [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>',
    );
    for (const xml of [xxe, laughs]) {
      assert.equal(
        await refusal(testZip([{ name: 'DataSource.padf', data: xml }])),
        german.importXmlDeclaration,
      );
    }
    const workbook = await xlsx([['a'], ['1']]);
    assert.equal(await readTesterFile(workbook).then((table) => table.rows[0][0]), '1');
  });

  test('broken XML and a Metrel file without its structure', async () => {
    assert.equal(
      await refusal(testZip([{ name: 'DataSource.padf', data: '<Database><Data>' }])),
      german.importXmlBroken,
    );
    assert.equal(
      await refusal(testZip([{ name: 'DataSource.padf', data: '<Other/>' }])),
      german.importMetrelStructure,
    );
  });
});
