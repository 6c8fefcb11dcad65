import { CERTIFICATE_STATUS_LABELS } from 'contracts';
import type { CertificateExportRow } from './certificate-list.repository';
import type { ExportColumn } from './export-writers';

/** The columns of an export with one row per certificate. */
export const CERTIFICATE_COLUMNS: ExportColumn<CertificateExportRow>[] = [
  { header: 'Ausgestellt am', width: 17, kind: 'time', value: (row) => new Date(row.created_at) },
  { header: 'Marke', width: 20, kind: 'text', value: (row) => row.brand_name },
  { header: 'Artikelnummer', width: 24, kind: 'text', value: (row) => row.machine_name },
  { header: 'Start-Seriennummer', width: 20, kind: 'text', value: (row) => row.first_serial },
  { header: 'End-Seriennummer', width: 20, kind: 'text', value: (row) => row.last_serial },
  { header: 'Menge', width: 8, kind: 'number', value: (row) => row.quantity },
  { header: 'Geprüft von', width: 24, kind: 'text', value: (row) => row.checked_by },
  { header: 'Revision', width: 9, kind: 'number', value: (row) => row.revision },
  { header: 'Status', width: 20, kind: 'text', value: (row) => CERTIFICATE_STATUS_LABELS[row.status] },
  { header: 'Stornierte Einheiten', width: 11, kind: 'number', value: (row) => row.voided_units },
];

/** A row of an export with one row per unit serial: the unit and its certificate. */
export type UnitExportRow = CertificateExportRow & { serial: string; unit: number; unit_voided: boolean };

/** The columns of an export with one row per unit: the unit first, then its certificate's (voided units aside). */
export const UNIT_COLUMNS: ExportColumn<UnitExportRow>[] = [
  { header: 'Seriennummer', width: 20, kind: 'text', value: (row) => row.serial },
  { header: 'Einheit', width: 9, kind: 'number', value: (row) => row.unit },
  {
    header: 'Einheit storniert',
    width: 11,
    kind: 'text',
    value: (row) => (row.unit_voided ? 'ja' : 'nein'),
  },
  ...(CERTIFICATE_COLUMNS.slice(0, -1) as ExportColumn<UnitExportRow>[]),
];
