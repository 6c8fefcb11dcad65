import { describe, expect, it } from '@jest/globals';
import type { Certificate, Machine } from 'contracts';
import { LABEL_PRESETS, findPreset, labelsPerPage, printCss } from './label-presets';
import {
  clampCount,
  COPIES,
  eanState,
  labelUnits,
  paginate,
  productLabels,
  serialLabels,
  sheetSlots,
} from './labels';
import { attempt, DEFAULT_PASSING_VALUES, defaultRecord, unitOf } from '../../test-support/test-record';

const certificate = {
  id: 7,
  machine_id: 12,
  machine_name: 'MAB 825',
  brand_image: 'uploads/logo.png',
  ean_number: '4006381333931',
  serial_base: '4852406',
  first_unit_number: 998,
  quantity: 3,
  serials: ['4852406998', '4852406999', '48524061000'],
  voided_serials: [] as string[],
  test_record: defaultRecord(['4852406998', '4852406999', '48524061000']),
} as Certificate;

describe('serial labels', () => {
  it('labels released units only: failed, awaiting release and voided units are refused with the reason', () => {
    const failed = attempt({ ...DEFAULT_PASSING_VALUES, isolation: 'fail' }, ['isolation']);
    const mixed = {
      ...certificate,
      voided_serials: ['48524061000'],
      test_record: {
        ...certificate.test_record,
        units: [
          unitOf('4852406998', 'failed', [failed]),
          unitOf('4852406999', 'deviation', [failed], { by: 'Hans', reason: 'Kunde einverstanden' }),
          unitOf('48524061000', 'released', [attempt(DEFAULT_PASSING_VALUES)]),
        ],
      },
    } as Certificate;
    expect(labelUnits(mixed)).toEqual({
      serials: ['4852406999'],
      refused: [
        { serial: '4852406998', reason: 'failed' },
        { serial: '48524061000', reason: 'voided' },
      ],
    });
    expect(serialLabels(mixed, 2, { webBase: 'https://pb.example/' }).map((label) => label.serial)).toEqual([
      '4852406999',
      '4852406999',
    ]);
    const waiting = { ...certificate.test_record.units[0], release: 'awaiting_release' } as const;
    expect(
      labelUnits({ ...certificate, test_record: { ...certificate.test_record, units: [waiting] } }).refused,
    ).toEqual([
      { serial: '4852406998', reason: 'awaiting_release' },
      // A unit the record does not name was never released.
      { serial: '4852406999', reason: 'awaiting_release' },
      { serial: '48524061000', reason: 'awaiting_release' },
    ]);
  });

  it('makes units × copies labels, the copies of a unit together, each with its landing URL', () => {
    const labels = serialLabels(certificate, 2, { webBase: 'https://pb.example/' });
    expect(labels).toHaveLength(6);
    expect(labels.map((label) => label.serial)).toEqual([
      '4852406998',
      '4852406998',
      '4852406999',
      '4852406999',
      '48524061000',
      '48524061000',
    ]);
    expect(labels[4].qr).toBe('https://pb.example/landing/12/48524061000');
    expect(new Set(labels.map((label) => label.key)).size).toBe(6);
    expect(labels.every((label) => label.ean === '4006381333931' && label.article === 'MAB 825')).toBe(true);
  });

  it('with QR_FORMAT=gs1 each label encodes a GS1 Digital Link of the EAN and serial; without a valid EAN the current link', () => {
    const gs1 = { webBase: 'https://pb.example', qrFormat: 'gs1' } as const;
    expect(serialLabels(certificate, 1, gs1).map((label) => label.qr)).toEqual([
      'https://pb.example/01/04006381333931/21/4852406998',
      'https://pb.example/01/04006381333931/21/4852406999',
      'https://pb.example/01/04006381333931/21/48524061000',
    ]);
    expect(serialLabels({ ...certificate, ean_number: '4006381333932' }, 1, gs1)[0].qr).toBe(
      'https://pb.example/landing/12/4852406998',
    );
    const machine = { id: 5, name: 'AirMAB 5000', ean_number: '96385074' } as Machine;
    expect(productLabels(machine, '', 1, gs1)[0].qr).toBe('https://pb.example/01/00000096385074');
    expect(productLabels({ ...machine, ean_number: '' }, '', 1, gs1)[0].qr).toBe(
      'https://pb.example/landing/5',
    );
  });

  it('never passes an invalid EAN on to the barcode', () => {
    expect(
      serialLabels({ ...certificate, ean_number: '4006381333932' }, 1, { webBase: 'x' })[0].ean,
    ).toBeNull();
    expect(serialLabels({ ...certificate, ean_number: '' }, 1, { webBase: 'x' })[0].ean).toBeNull();
  });
});

it('product labels point to the machine page without a serial', () => {
  const machine = { id: 5, name: 'AirMAB 5000', ean_number: '96385074' } as Machine;
  const labels = productLabels(machine, 'uploads/b.png', 3, { webBase: 'https://pb.example' });
  expect(labels).toHaveLength(3);
  expect(labels[0]).toMatchObject({
    article: 'AirMAB 5000',
    ean: '96385074',
    qr: 'https://pb.example/landing/5',
  });
  expect(labels[0].serial).toBeUndefined();
});

it('EAN states', () => {
  expect(eanState('4006381333931')).toBe('valid');
  expect(eanState(' 96385074 ')).toBe('valid');
  expect(eanState('4006381333932')).toBe('invalid');
  expect(eanState('40063813339')).toBe('invalid');
  expect(eanState('')).toBe('missing');
});

it('counts stay whole numbers within their range', () => {
  expect(clampCount('3', COPIES)).toBe(3);
  expect(clampCount('0', COPIES)).toBe(1);
  expect(clampCount('-4', COPIES)).toBe(1);
  expect(clampCount('2.7', COPIES)).toBe(2);
  expect(clampCount('', COPIES)).toBe(1);
  expect(clampCount('abc', COPIES)).toBe(1);
  expect(clampCount('1e9', COPIES)).toBe(COPIES.max);
});

describe('presets', () => {
  it('roll and thermal stock print one label per page, the A4 sheet 24', () => {
    expect(LABEL_PRESETS.map((preset) => [preset.id, labelsPerPage(preset)])).toEqual([
      ['roll-62', 1],
      ['thermal-100x50', 1],
      ['a4-3x8', 24],
    ]);
    expect(paginate([...Array(25).keys()], 24).map((page) => page.length)).toEqual([24, 1]);
    expect(paginate([], 24)).toEqual([]);
    const labels = serialLabels(certificate, 1, { webBase: 'x' });
    expect(sheetSlots(labels, 24, 22).map((page) => page.map((slot) => slot?.serial ?? null))).toEqual([
      [...Array(22).fill(null), '4852406998', '4852406999'],
      ['48524061000'],
    ]);
  });

  it('the labels fit their page, and the page box is the stock', () => {
    for (const preset of LABEL_PRESETS) {
      const { page, label, columns, rows, offset, gap } = preset;
      expect(offset.left + columns * label.width + (columns - 1) * gap.x).toBeLessThanOrEqual(page.width);
      expect(offset.top + rows * label.height + (rows - 1) * gap.y).toBeLessThanOrEqual(page.height);
      expect(printCss(preset)).toContain(`@page { size: ${page.width}mm ${page.height}mm; margin: 0; }`);
    }
  });

  it('an unknown stored id falls back to the first preset', () => {
    expect(findPreset('a4-3x8').id).toBe('a4-3x8');
    expect(findPreset('gone').id).toBe('roll-62');
    expect(findPreset(null).id).toBe('roll-62');
  });
});
