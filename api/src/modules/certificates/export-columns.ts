import {
  CERTIFICATE_STATUS_LABELS,
  FAIL,
  PASS,
  UNIT_RELEASE_LABELS,
  keyedMap,
  type PlanStep,
  type UnitRelease,
} from 'contracts';
import type { CertificateExportRow } from './certificate-list.repository';
import type { ExportColumn } from './export-writers';

/** What every export row says of its certificate, in the order the list shows it. */
const CERTIFICATE_FIELDS: ExportColumn<CertificateExportRow>[] = [
  { header: 'Ausgestellt am', width: 17, kind: 'time', value: (row) => new Date(row.created_at) },
  { header: 'Marke', width: 20, kind: 'text', value: (row) => row.brand_name },
  { header: 'Artikelnummer', width: 24, kind: 'text', value: (row) => row.machine_name },
  { header: 'Start-Seriennummer', width: 20, kind: 'text', value: (row) => row.first_serial },
  { header: 'End-Seriennummer', width: 20, kind: 'text', value: (row) => row.last_serial },
  { header: 'Menge', width: 8, kind: 'number', value: (row) => row.quantity },
  { header: 'Geprüft von', width: 24, kind: 'text', value: (row) => row.checked_by },
  { header: 'Revision', width: 9, kind: 'number', value: (row) => row.revision },
  { header: 'Status', width: 20, kind: 'text', value: (row) => CERTIFICATE_STATUS_LABELS[row.status] },
];

/**
 * The certificate's number as printed (Prüfbericht Nr.): an auditor finds the certificate by it. At the end,
 * so the columns before it stay where earlier exports had them.
 */
const NUMBER: ExportColumn<CertificateExportRow> = {
  header: 'Prüfbericht Nr.',
  width: 12,
  kind: 'number',
  value: (row) => row.id,
};

/** The columns of an export with one row per certificate. */
export const CERTIFICATE_COLUMNS: ExportColumn<CertificateExportRow>[] = [
  ...CERTIFICATE_FIELDS,
  { header: 'Stornierte Einheiten', width: 11, kind: 'number', value: (row) => row.voided_units },
  NUMBER,
  { header: 'Stornogrund', width: 32, kind: 'text', value: (row) => row.void_reason ?? '' },
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

/** The columns of an export with one row per unit: the unit first, then its certificate's. */
export const UNIT_COLUMNS: ExportColumn<UnitExportRow>[] = [
  { header: 'Seriennummer', width: 20, kind: 'text', value: (row) => row.serial },
  { header: 'Einheit', width: 9, kind: 'number', value: (row) => row.unit },
  {
    header: 'Einheit storniert',
    width: 11,
    kind: 'text',
    value: (row) => (row.unit_voided ? 'ja' : 'nein'),
  },
  ...CERTIFICATE_FIELDS.map(ofUnitsCertificate),
  ofUnitsCertificate(NUMBER),
  {
    header: 'Stornogrund',
    width: 32,
    kind: 'text',
    value: (row) => (row.unit_voided ? (row.unit_void_reason ?? row.certificate.void_reason ?? '') : ''),
  },
];

const ENTRY_WORDS = keyedMap({ [PASS]: 'bestanden', [FAIL]: 'nicht bestanden' });

/**
 * The test record's columns of an export by unit: where the unit stands, then one column per plan step with the
 * value of its last attempt as entered (a measured value keeps its decimal comma), for every step `steps` names.
 */
export function testRecordColumns(steps: readonly PlanStep[]): ExportColumn<UnitExportRow>[] {
  return [
    { header: 'Prüfergebnis', width: 16, kind: 'text', value: (row) => UNIT_RELEASE_LABELS[row.release] },
    ...steps.map((step): ExportColumn<UnitExportRow> => ({
      header: step.unit ? `${step.title.de} [${step.unit}]` : step.title.de,
      width: 14,
      kind: 'text',
      value: (row) => {
        const value = (Object.hasOwn(row.values, step.key) && row.values[step.key]) || '';
        return ENTRY_WORDS[value] ?? value;
      },
    })),
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
