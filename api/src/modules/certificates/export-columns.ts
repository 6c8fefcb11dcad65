import { numberOf, type PlanStep, type UnitRelease } from 'contracts';
import type { ExportWords } from '../../export-words';
import type { CertificateExportRow } from './certificate-list.repository';
import type { ExportColumn } from './export-writers';
import type { ExportAttempt } from './test-attempts.repository';
import type { ExportUnitRow } from './units.repository';

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
 * A row of an export by unit: a unit at one of its attempts, and its certificate. The certificate is referred to,
 * not copied into each unit: a copy of its forty fields per unit was a third of a million-row export's garbage.
 * A unit has a row per attempt (docs/decisions/0010-test-record.md: earlier ones are never overwritten), its
 * last one where it stands; a certificate issued before attempts were stored has one per unit, from its check
 * columns.
 */
export interface UnitExportRow extends Pick<
  ExportUnitRow,
  'released_by_name' | 'released_at' | 'deviation_reason'
> {
  certificate: CertificateExportRow;
  serial: string;
  unit: number;
  unit_voided: boolean;
  /** The unit's own void reason, when it was voided on its own. */
  unit_void_reason: string | null;
  release: UnitRelease;
  /** The row's attempt; none for a certificate issued before attempts were stored. */
  attempt: ExportAttempt | undefined;
  /** A later attempt replaced this row's (a retest, a revision's correction): it is not where the unit stands. */
  replaced: boolean;
  /** The values of the row's attempt, by step key, else of the certificate's check columns. */
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
 * The test record's columns of an export by unit, in `words`' language: where the unit stands (or what a replaced
 * attempt found), then one column per plan step with the row's value, for every step `steps` names. A measured
 * value is a number, so a spreadsheet sums and charts it (README, the export); one that is not (a step measured
 * in a later plan version that an earlier one ticked) stays as entered.
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
      value: (row) =>
        row.replaced
          ? words.earlierAttempt[row.attempt?.passed ? 'passed' : 'failed']
          : words.release[row.release],
    },
    ...steps.map((step): ExportColumn<UnitExportRow> => {
      const title = words.stepTitle(step);
      const measured = step.kind === 'numeric';
      return {
        header: step.unit ? `${title} [${step.unit}]` : title,
        width: 14,
        kind: measured ? 'number' : 'text',
        decimals: measured ? step.decimals : undefined,
        value: (row) => {
          const value = (Object.hasOwn(row.values, step.key) && row.values[step.key]) || '';
          return (measured ? numberOf(value) : undefined) ?? words.entries[value] ?? value;
        },
      };
    }),
  ];
}

/** When the row's attempt was tested; a certificate's without stored attempts when it was issued. */
const testedAt = (row: UnitExportRow) => new Date(row.attempt?.tested_at ?? row.certificate.created_at);
/** Who entered the row's test: the signed-in account, as the certificate names its tester. */
const enteredBy = (row: UnitExportRow) => row.attempt?.tested_by_name || row.certificate.tested_by_name;
/**
 * Whether the passing test released the unit, with nobody releasing it after: so without release by a second
 * person, and the certificate prints the tester at the test as its releaser (contracts' releaserText).
 */
const releasedByTest = (row: UnitExportRow) => row.release === 'released' && !row.released_by_name;

/**
 * How each unit row was tested and released, as an auditor asks for it (ISO 9001 8.6, EN 10204 3.1): the plan
 * version, the attempt, its time, who entered it, the instruments that measured (inventory numbers), who released
 * the unit and when, and a concession's reason. A replaced attempt released nothing. After the step columns, so
 * every column before stays where earlier exports had it.
 */
export const releaseColumns = ({ headers }: ExportWords): ExportColumn<UnitExportRow>[] => [
  { header: headers.planVersion, width: 9, kind: 'number', value: (row) => row.certificate.plan_version },
  { header: headers.attempt, width: 8, kind: 'number', value: (row) => row.attempt?.attempt ?? '' },
  { header: headers.testedAt, width: 17, kind: 'time', value: testedAt },
  { header: headers.enteredBy, width: 24, kind: 'text', value: enteredBy },
  {
    header: headers.instrument,
    width: 16,
    kind: 'text',
    value: (row) => row.attempt?.instruments.join(', ') ?? '',
  },
  {
    header: headers.releasedBy,
    width: 24,
    kind: 'text',
    value: (row) =>
      row.replaced ? '' : (row.released_by_name ?? (releasedByTest(row) ? enteredBy(row) : '')),
  },
  {
    header: headers.releasedAt,
    width: 17,
    kind: 'time',
    value: (row) =>
      row.replaced
        ? ''
        : row.released_at
          ? new Date(row.released_at)
          : releasedByTest(row)
            ? testedAt(row)
            : '',
  },
  {
    header: headers.concessionReason,
    width: 32,
    kind: 'text',
    value: (row) => (row.replaced ? '' : (row.deviation_reason ?? '')),
  },
];

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
