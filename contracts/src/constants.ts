/**
 * Business constants shared by the API and every frontend. Plain values only: a frontend importing one of
 * these must not pull in the schemas (TypeBox builds them at load time, 10 KB on the customer page).
 */

export const QUANTITY = { min: 1, max: 100, default: 1 } as const;

export const PAGE_SIZES = [10, 15, 20, 25, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The API accepts any page size up to this; the UI offers PAGE_SIZES. */
export const MAX_PAGE_SIZE = 100;
/** Page numbers beyond this are refused instead of scanning absurd offsets. */
export const MAX_PAGE = 1_000_000;

export const CHECK_OK = 'OK';
export const CHECK_NOT_OK = 'NOT OK';
/** Every check item is either passed or explicitly failed; the form records its real state. */
export const CHECK_VALUES = [CHECK_OK, CHECK_NOT_OK] as const;
export const VOLTAGE_OK = '1500 V';
export const VOLTAGE_VALUES = [VOLTAGE_OK, CHECK_NOT_OK] as const;
export const OBSERVATIONS = ['230 Volt, 50-60Hz', '110 Volt, 50-60Hz'] as const;
export const ORIGINS = ['GERMANY', 'INDIA', 'POLAND'] as const;

/** The check fields that take CHECK_VALUES, in the order the form shows them. */
export const CHECK_FIELDS = [
  'perpendicularity',
  'tolerance_of_spindle',
  'magnet_base_switch',
  'motor_switch',
  'guide',
  'isolation',
  'insulation_resistance',
  'accessories',
  'technical_certification',
] as const;
export type CheckField = (typeof CHECK_FIELDS)[number];

export const CERTIFICATE_DEFAULTS = {
  ...(Object.fromEntries(CHECK_FIELDS.map((field) => [field, CHECK_OK])) as Record<CheckField, 'OK'>),
  resistance_to_voltage: VOLTAGE_OK,
  observation: OBSERVATIONS[0],
  origin_germany: ORIGINS[0],
} as const;

/** Serial suffix width: unit 1 of a month is "001"; the counter grows past 999 without truncation. */
export const SERIAL_PAD = 3;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Width × height (of all frames together) an uploaded image may have: a 6000 × 4000 photo fits, a bomb does not. */
export const UPLOAD_MAX_PIXELS = 25_000_000;
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

export const TEXT_MAX = 200;
export const URL_MAX = 2000;
export const SEARCH_MAX = 100;

/** Longer than any serial docs/decisions/0004-serial-scheme.md can make; the customer page shows a longer one as unconfirmed. */
export const SERIAL_MAX_LENGTH = 64;

/**
 * Where a certificate stands after issuing: corrected (a revision), some of its units voided, or all of them.
 * The strongest applies: a revised certificate with a voided unit is `partly_voided`.
 */
export const CERTIFICATE_STATUSES = ['issued', 'revised', 'partly_voided', 'voided'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** What a revision may correct; machine, brand and serials never change (a void and a new certificate). */
export const REVISABLE_FIELDS = [
  'checked_by',
  ...CHECK_FIELDS,
  'resistance_to_voltage',
  'observation',
  'origin',
  'electronic_circuit_board',
] as const;
export type RevisableField = (typeof REVISABLE_FIELDS)[number];

/** The formats of every export (certificates, units, the impact list). */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
