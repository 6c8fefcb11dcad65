import type { PlanStep, UnitRelease } from 'contracts';
import type { ExportWords } from '../../export-words';
import type { CertificateExportRow } from './certificate-list.repository';
import type { ExportColumn } from './export-writers';

/** What every export row says of its certificate, in the order the list shows it. */
const certificateFields = ({ headers, status }: ExportWords): ExportColumn<CertificateExportRow>[] => [
  { header: headers.issuedAt, width: 17, kind: 'time', value: (row) => new Date(row.created_at) },
  { header: headers.brand, width: 20, kind: 'text', value: (row) => row.brand_name },
  { header: headers.article, width: 24, kind: 'text', value: (row) => row.machine_name },
  { header: headers.firstSerial, width: 20, kind: 'text', value: (row) => row.first_serial },
  { header: headers.lastSerial, width: 20, kind: 'text', value: (row) => row.last_serial },
  { header: headers.quantity, width: 8, kind: 'number', value: (row) => row.quantity },
  { header: headers.checkedBy, width: 24, kind: 'text', value: (row) => row.checked_by },
  { header: headers.revision, width: 9, kind: 'number', value: (row) => row.revision },
  { header: headers.status, width: 20, kind: 'text', value: (row) => status[row.status] },
];

/**
 * The certificate's number as printed (Prüfbericht Nr.): an auditor finds the certificate by it. At the end,
 * so the columns before it stay where earlier exports had them.
 */
const number = ({ headers }: ExportWords): ExportColumn<CertificateExportRow> => ({
  header: headers.number,
  width: 12,
  kind: 'number',
  value: (row) => row.id,
});

/** The columns of an export with one row per certificate, in `words`' language. */
export const certificateColumns = (words: ExportWords): ExportColumn<CertificateExportRow>[] => [
  ...certificateFields(words),
  { header: words.headers.voidedUnits, width: 11, kind: 'number', value: (row) => row.voided_units },
  number(words),
  { header: words.headers.voidReason, width: 32, kind: 'text', value: (row) => row.void_reason ?? '' },
];

/**
 * A row of an export with one row per unit serial: the unit and its certificate. The certificate is referred to,
 * not copied into each unit: a copy of its forty fields per unit was a third of a million-row export's garbage.
 */
export interface UnitExportRow {
  certificate: CertificateExportRow;
  serial: string;
  unit: number;
  unit_voided: boolean;
  /** The unit's own void reason, when it was voided on its own. */
  unit_void_reason: string | null;
  release: UnitRelease;
  /** The unit's values at its last attempt, by step key (docs/decisions/0010-test-record.md). */
  values: Record<string, string>;
}

/** A certificate's column in an export by unit: the same value, read from the unit's certificate. */
const ofUnitsCertificate = (column: ExportColumn<CertificateExportRow>): ExportColumn<UnitExportRow> => ({
  ...column,
  value: (row) => column.value(row.certificate),
});

/** The columns of an export with one row per unit, in `words`' language: the unit first, then its certificate's. */
export const unitColumns = (words: ExportWords): ExportColumn<UnitExportRow>[] => [
  { header: words.headers.serial, width: 20, kind: 'text', value: (row) => row.serial },
  { header: words.headers.unit, width: 9, kind: 'number', value: (row) => row.unit },
  {
    header: words.headers.unitVoided,
    width: 11,
    kind: 'text',
    value: (row) => (row.unit_voided ? words.yes : words.no),
  },
  ...certificateFields(words).map(ofUnitsCertificate),
  ofUnitsCertificate(number(words)),
  {
    header: words.headers.voidReason,
    width: 32,
    kind: 'text',
    value: (row) => (row.unit_voided ? (row.unit_void_reason ?? row.certificate.void_reason ?? '') : ''),
  },
];

/**
 * The test record's columns of an export by unit, in `words`' language: where the unit stands, then one column
 * per plan step with the value of its last attempt as entered (a measured value keeps its decimal comma), for
 * every step `steps` names.
 */
export function testRecordColumns(
  words: ExportWords,
  steps: readonly PlanStep[],
): ExportColumn<UnitExportRow>[] {
  return [
    {
      header: words.headers.testResult,
      width: 16,
      kind: 'text',
      value: (row) => words.release[row.release],
    },
    ...steps.map((step): ExportColumn<UnitExportRow> => {
      const title = words.stepTitle(step);
      return {
        header: step.unit ? `${title} [${step.unit}]` : title,
        width: 14,
        kind: 'text',
        value: (row) => {
          const value = (Object.hasOwn(row.values, step.key) && row.values[step.key]) || '';
          return words.entries[value] ?? value;
        },
      };
    }),
  ];
}

/**
 * The steps of several plans, oldest first: each key once, where it first appears, titled as the last plan that has
 * it says (the default plan's insulation check becomes a value in MΩ once a plan measures it).
 */
export function stepsOfPlans(plans: readonly (readonly PlanStep[])[]): PlanStep[] {
  const steps = new Map<string, PlanStep>();
  // A Map keeps a key where it was first set.
  for (const plan of plans) for (const step of plan) steps.set(step.key, step);
  return [...steps.values()];
}
