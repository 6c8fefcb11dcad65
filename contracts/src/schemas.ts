import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { multiline } from './text-lines';
import { UnitDocument } from './document-schemas';
import {
  CERTIFICATE_STATUSES,
  CHECK_FIELDS,
  CHECK_VALUES,
  EXPORT_FORMATS,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  OBSERVATIONS,
  ORIGINS,
  QUANTITY,
  SEARCH_MAX,
  SERIAL_MAX_LENGTH,
  TEXT_MAX,
  URL_MAX,
  VOLTAGE_VALUES,
} from './constants';
import { ROLES } from './accounts';
import { STAFF_LANGUAGES } from './languages';
import { ImpactQuery } from './instruments';
import { PublicNotice } from './safety-notices';
import type { ApiErrorCode } from './errors';
import { CERTIFICATE_VERDICTS, CertificateTestRecord, ResultsBody, UNIT_RELEASES } from './test-record';
import {
  CHECKED_BY_MAX,
  DESCRIPTION_MAX,
  EAN_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  SERIAL_PREFIX_MAX,
  IDEMPOTENCY_KEY_MAX,
  REASON_MAX,
} from './limits';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Text = (maxLength = TEXT_MAX) => Type.String({ maxLength });
/** One of the given strings; typed as their union, sent as JSON Schema `anyOf` of constants. */
const Literals = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));
/** Timestamps travel as ISO 8601 in UTC; the UI shows them in Europe/Berlin. */
const Timestamp = Type.String();

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

export const ApiError = Type.Object({
  error: Type.Object({
    /** Typed as the codes the API sends; a plain string in the schema, so an answer never fails to serialise. */
    code: Type.Unsafe<ApiErrorCode>(Type.String()),
    message: Type.String(),
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  }),
});
export type ApiError = Static<typeof ApiError>;

export const LoginBody = Type.Object({
  username: Type.String({ maxLength: EMAIL_MAX }),
  password: Type.String({ maxLength: PASSWORD_MAX }),
});
export type LoginBody = Static<typeof LoginBody>;
/**
 * A token, or for an account with two-factor sign-in a challenge to send with the code to
 * `POST /login/second-factor` (the earlier app's clients, docs/earlier-app.md, only ever see `{token}`: they have no second factor).
 */
export const LoginResponse = Type.Union([
  Type.Object({ token: Type.String() }),
  Type.Object({ second_factor: Type.Literal('totp'), challenge: Type.String() }),
]);
export type LoginResponse = Static<typeof LoginResponse>;
/** A six-digit code from the authenticator app, or one of the recovery codes. */
const SecondFactorCode = Type.String({ minLength: 1, maxLength: 20 });
export const SecondFactorBody = Type.Object({
  challenge: Type.String({ maxLength: 100 }),
  code: SecondFactorCode,
});
export type SecondFactorBody = Static<typeof SecondFactorBody>;
export const TokenResponse = Type.Object({ token: Type.String() });
export type TokenResponse = Static<typeof TokenResponse>;

export const Brand = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logo: Type.String(),
  email: Type.String(),
  website_link: Type.String(),
});
export type Brand = Static<typeof Brand>;
export const BrandBody = Type.Object({
  name: Text(),
  logo: Type.Optional(Text()),
  email: Type.Optional(Text(EMAIL_MAX)),
  website_link: Type.Optional(Text(URL_MAX)),
});
export type BrandBody = Static<typeof BrandBody>;
export const DataOf = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item) });
export const BrandList = DataOf(Brand);
export type BrandList = Static<typeof BrandList>;

export const MachineByBrand = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  electronic_circuit_board: Type.Integer(),
  serial_prefix: Type.String(),
});
export type MachineByBrand = Static<typeof MachineByBrand>;
export const MachineByBrandList = DataOf(MachineByBrand);
export type MachineByBrandList = Static<typeof MachineByBrandList>;

export const BrandIdParams = Type.Object({ brandId: Id });

const CircuitBoard = Type.Union([Type.Literal(0), Type.Literal(1)]);

export const MachineBody = Type.Object({
  brand_id: Id,
  name: Text(),
  serial_prefix: Text(SERIAL_PREFIX_MAX),
  ean_number: Type.Optional(Text(EAN_MAX)),
  link_en: Type.Optional(Text(URL_MAX)),
  link_ger: Type.Optional(Text(URL_MAX)),
  image: Type.Optional(Text()),
  electronic_circuit_board: CircuitBoard,
  voltage_resistance: Type.Optional(Text()),
  observation: Type.Optional(Text()),
  description: Type.Optional(Text(DESCRIPTION_MAX)),
});
export type MachineBody = Static<typeof MachineBody>;

export const Machine = Type.Object({
  id: Type.Integer(),
  brand_id: Type.Integer(),
  name: Type.String(),
  serial_prefix: Type.String(),
  ean_number: Type.String(),
  link_en: Type.String(),
  link_ger: Type.String(),
  image: Type.String(),
  electronic_circuit_board: Type.Integer(),
  voltage_resistance: Type.String(),
  observation: Type.String(),
  description: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Machine = Static<typeof Machine>;

const Order = Literals(['asc', 'desc'] as const);
const ListQuery = <S extends readonly string[]>(sorts: S) =>
  Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 })),
    search: Type.Optional(Type.String({ maxLength: SEARCH_MAX })),
    sort: Type.Optional(Literals(sorts)),
    order: Type.Optional(Order),
  });

export const MACHINE_SORTS = ['pos', 'name', 'brand_name', 'created_at'] as const;
export const MachineListQuery = ListQuery(MACHINE_SORTS);
export type MachineListQuery = Static<typeof MachineListQuery>;
export const MachineListItem = Type.Object({
  id: Type.Integer(),
  pos: Type.Integer(),
  name: Type.String(),
  brand_name: Type.String(),
  ean_number: Type.String(),
  created_at: Timestamp,
});
export type MachineListItem = Static<typeof MachineListItem>;
export const MachineList = Type.Object({ data: Type.Array(MachineListItem), total: Type.Integer() });
export type MachineList = Static<typeof MachineList>;

const checkProperties = Object.fromEntries(CHECK_FIELDS.map((field) => [field, Literals(CHECK_VALUES)])) as {
  [K in (typeof CHECK_FIELDS)[number]]: ReturnType<typeof Literals<typeof CHECK_VALUES>>;
};

/**
 * What the form sends. The earlier app's payload (docs/earlier-app.md) also carries snapshot fields (machine type, prefix, images,
 * brand contact); the server reads those from the database and drops them if sent.
 */
/**
 * The key a client sends with each issue request and keeps on its retries: the same key again answers with
 * the certificate it issued instead of issuing another. Printable ASCII, as HTTP headers carry it.
 */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: '^[\\x21-\\x7e]+$' }),
  ),
});
export type IdempotencyHeaders = Static<typeof IdempotencyHeaders>;

export const CertificateCreateBody = Type.Object({
  brand_id: Id,
  machine_id: Id,
  checked_by: Text(CHECKED_BY_MAX),
  crowd: Type.Integer({ minimum: QUANTITY.min, maximum: QUANTITY.max }),
  // The earlier app's checks (docs/earlier-app.md): mapped onto the machine's plan when `results` is not sent.
  ...Type.Partial(Type.Object(checkProperties)).properties,
  resistance_to_voltage: Type.Optional(Literals(VOLTAGE_VALUES)),
  observation: Literals(OBSERVATIONS),
  origin_germany: Literals(ORIGINS),
  /** The values measured against the machine's current test plan (docs/decisions/0010-test-record.md). */
  results: Type.Optional(ResultsBody),
});
export type CertificateCreateBody = Static<typeof CertificateCreateBody>;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Where a certificate stands after issuing, on every view of it (docs/architecture.md#certificate-lifecycle). */
const lifecycle = {
  status: Literals(CERTIFICATE_STATUSES),
  revision: Type.Integer(),
  /** Sent back with a revision or void: a change made on an older version is refused. */
  version: Type.Integer(),
  voided_units: Type.Integer(),
  /** The test's outcome, computed by the API from the plan and the values (docs/decisions/0010-test-record.md). */
  verdict: Literals(CERTIFICATE_VERDICTS),
  /** Units that failed and were not released by deviation. */
  failed_units: Type.Integer(),
};

/**
 * The certificate as printed: the snapshot of the machine and brand as they were when issued, the current
 * revision's checks, and where it stands.
 */
export const PrintData = Type.Object({
  id: Type.Integer(),
  brand_id: Type.Integer(),
  machine_id: Type.Integer(),
  checked_by: Type.String(),
  crowd: Type.Integer(),
  ...Object.fromEntries(CHECK_FIELDS.map((field) => [field, Type.String()])),
  resistance_to_voltage: Type.String(),
  observation: Type.String(),
  origin_germany: Type.String(),
  electronic_circuit_board: Type.Integer(),
  machine_type: Type.String(),
  machine_image: Type.String(),
  serial_prefix: Type.String(),
  brand_name: Type.String(),
  brand_image: Type.String(),
  brand_email: Type.String(),
  brand_website: Type.String(),
  ean_number: Type.String(),
  serialNoPart1: Type.String(),
  recordsCount: Type.Integer(),
  serial_no: Type.String(),
  endSerialNo: Type.String(),
  /** Every unit's serial, in unit order, as stored when issued: what the pages and labels print. */
  serials: Type.Array(Type.String()),
  created_at: Timestamp,
  ...lifecycle,
  /** When the current revision was made; null for the first issue. */
  revised_at: Nullable(Timestamp),
  /** Revision n > 1: when the revision it replaces was issued (the print names it). */
  replaces_issued_at: Nullable(Timestamp),
  /** Set when this is an earlier revision, printed as replaced. */
  replaced_at: Nullable(Timestamp),
  voided_at: Nullable(Timestamp),
  void_reason: Nullable(Type.String()),
  /** The units voided on their own or with the whole certificate; their pages print STORNIERT. */
  voided_serials: Type.Array(Type.String()),
  /** The plan it was tested against, each unit's values and verdicts, who tested and who released. */
  test_record: CertificateTestRecord,
});
export type PrintData = Static<typeof PrintData> & Record<(typeof CHECK_FIELDS)[number], string>;
export const CertificateCreateResponse = Type.Array(PrintData);

export const CERTIFICATE_SORTS = [
  'pos',
  'machine_type',
  'serial_no',
  'endSerialNo',
  'checked_by',
  'crowd',
  'created_at',
] as const;
/** A calendar day, YYYY-MM-DD (Europe/Berlin); whether it exists is checked by the API. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
/** A month, YYYY-MM. */
const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', maxLength: 7 });

/**
 * The filter of the certificate list and its export (docs/architecture.md#reports-filters-exports-charts): issued from `from` to `to`
 * (days in Europe/Berlin, both included), of a brand, a machine, by a checker (the name as typed, any case),
 * and in a status.
 */
export const CertificateFilterQuery = Type.Object({
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  brand_id: Type.Optional(Id),
  machine_id: Type.Optional(Id),
  checked_by: Type.Optional(Text(CHECKED_BY_MAX)),
  status: Type.Optional(Literals(CERTIFICATE_STATUSES)),
  verdict: Type.Optional(Literals(CERTIFICATE_VERDICTS)),
});
export type CertificateFilterQuery = Static<typeof CertificateFilterQuery>;
export const CERTIFICATE_FILTERS = Object.keys(
  CertificateFilterQuery.properties,
) as (keyof CertificateFilterQuery)[];

export const CertificateListQuery = Type.Object({
  ...ListQuery(CERTIFICATE_SORTS).properties,
  ...CertificateFilterQuery.properties,
});
export type CertificateListQuery = Static<typeof CertificateListQuery>;

/** One row per certificate, or one per unit serial. */
export const EXPORT_ROWS = ['certificates', 'units'] as const;
export type ExportRows = (typeof EXPORT_ROWS)[number];
export const CertificateExportQuery = Type.Object({
  ...CertificateFilterQuery.properties,
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX })),
  sort: Type.Optional(Literals(CERTIFICATE_SORTS)),
  order: Type.Optional(Order),
  format: Literals(EXPORT_FORMATS),
  rows: Type.Optional(Literals(EXPORT_ROWS)),
});
export type CertificateExportQuery = Static<typeof CertificateExportQuery>;

/** Where an export stands: waiting for the worker, being written, its file ready, or failed for good. */
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/**
 * An export asked for (POST answers 202 with it) and as it goes on (GET): `progress` rows written of `total`
 * (null until the worker counted them); once `done`, the file's name and size, kept until `expires_at`.
 */
export const CertificateExportStatus = Type.Object({
  id: Type.Integer(),
  state: Literals(EXPORT_STATES),
  format: Literals(EXPORT_FORMATS),
  rows: Literals(EXPORT_ROWS),
  progress: Type.Integer(),
  total: Type.Union([Type.Integer(), Type.Null()]),
  file_name: Type.String(),
  size: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Timestamp,
  expires_at: Timestamp,
});
export type CertificateExportStatus = Static<typeof CertificateExportStatus>;
export const CertificateListItem = Type.Object({
  id: Type.Integer(),
  pos: Type.Integer(),
  machine_id: Type.Integer(),
  machine_type: Type.String(),
  serial_no: Type.String(),
  endSerialNo: Type.String(),
  checked_by: Type.String(),
  crowd: Type.Integer(),
  created_at: Timestamp,
  ...lifecycle,
  /** Set when `search` named one whole unit serial of this certificate: that serial, spelt as issued. */
  unit_serial: Type.Optional(Type.String()),
});
export type CertificateListItem = Static<typeof CertificateListItem>;
export const CertificateList = Type.Object({ data: Type.Array(CertificateListItem), total: Type.Integer() });
export type CertificateList = Static<typeof CertificateList>;

export const UploadResponse = Type.Object({ path: Type.String() });
export type UploadResponse = Static<typeof UploadResponse>;

export const LandingQuery = Type.Object({
  serial: Type.Optional(Type.String({ maxLength: SERIAL_MAX_LENGTH })),
});
export type LandingQuery = Static<typeof LandingQuery>;
/** A GS1 Digital Link's GTIN-14 (contracts/src/gs1.ts); its check digit is the API's to judge. */
export const GtinParams = Type.Object({ gtin: Type.String({ pattern: '^[0-9]{14}$' }) });
export type GtinParams = Static<typeof GtinParams>;
/** Only public fields: a customer may see what the machine is, never who tested it. */
export const Landing = Type.Object({
  name: Type.String(),
  image: Type.String(),
  link_en: Type.String(),
  link_ger: Type.String(),
  brand_name: Type.String(),
  serial: Type.Optional(
    Type.Object({
      value: Type.String(),
      verified: Type.Boolean(),
      /** The certificate's issue date when verified. */
      tested_at: Type.Union([Timestamp, Type.Null()]),
      /** The manufacturer voided this unit: never shown as confirmed. */
      withdrawn: Type.Boolean(),
      /**
       * The unit's release (docs/decisions/0010-test-record.md): only `released` and `deviation` are confirmed;
       * `failed` and `awaiting_release` never are. Absent for a serial not issued for this machine.
       */
      release: Type.Optional(Literals(UNIT_RELEASES)),
      /** The day its certificate was last corrected (a revision), when it is confirmed and was corrected. */
      corrected_on: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
      /**
       * The unit's sealed test certificate, a path under the API base (docs/decisions/0020-sealed-certificate.md):
       * only when it is confirmed, so a voided or failed unit offers no positive certificate.
       */
      certificate_pdf: Type.Optional(Type.String()),
    }),
  ),
  /** The brand's e-mail and website: where the customer page sends a customer when the company has none set. */
  brand_email: Type.Optional(Type.String()),
  brand_website: Type.Optional(Type.String()),
  /** The machine's documents (docs/decisions/0012-documents.md), every language; absent when it has none. */
  documents: Type.Optional(Type.Array(UnitDocument)),
  /**
   * The open safety notices and recalls that cover this unit (contracts/src/safety-notices.ts), the gravest first;
   * absent when none does, and always for a serial not issued for this machine.
   */
  notices: Type.Optional(Type.Array(PublicNotice)),
});
export type Landing = Static<typeof Landing>;

/** A period of whole months, YYYY-MM to YYYY-MM; by default the last 24 months up to this one. */
export const ReportPeriodQuery = Type.Object({ from: Type.Optional(Month), to: Type.Optional(Month) });
export type ReportPeriodQuery = Static<typeof ReportPeriodQuery>;
/** A month (YYYY-MM) or a year (YYYY). */
const MonthOrYear = Type.String({ pattern: '^\\d{4}(-(0[1-9]|1[0-2]))?$', maxLength: 7 });
/** The machines with the most units in a month or a year; by default this year. */
export const TopMachinesQuery = Type.Object({
  period: Type.Optional(MonthOrYear),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
});
export type TopMachinesQuery = Static<typeof TopMachinesQuery>;

const UnitCounts = {
  certificates: Type.Integer(),
  units: Type.Integer(),
  voided_units: Type.Integer(),
};
/** A series of a monthly report: one count per month of the report's `months`, zero where nothing was issued. */
const MonthlyCounts = {
  certificates: Type.Array(Type.Integer()),
  units: Type.Array(Type.Integer()),
  voided_units: Type.Array(Type.Integer()),
};
/** A period of months and every month in it, oldest first: the months the series' counts belong to. */
const Months = { from: Month, to: Month, months: Type.Array(Month) };
/** Units per month of each brand that issued any in the period. */
export const UnitsByBrandReport = Type.Object({
  ...Months,
  data: Type.Array(Type.Object({ brand_id: Type.Integer(), brand_name: Type.String(), ...MonthlyCounts })),
});
export type UnitsByBrandReport = Static<typeof UnitsByBrandReport>;
export const TopMachinesReport = Type.Object({
  period: MonthOrYear,
  data: Type.Array(
    Type.Object({
      machine_id: Type.Integer(),
      machine_name: Type.String(),
      brand_name: Type.String(),
      ...UnitCounts,
    }),
  ),
});
export type TopMachinesReport = Static<typeof TopMachinesReport>;
/** Units per month of each checker (whatever the case typed), named as last typed in the period. */
export const UnitsByCheckerReport = Type.Object({
  ...Months,
  data: Type.Array(Type.Object({ checker: Type.String(), ...MonthlyCounts })),
});
export type UnitsByCheckerReport = Static<typeof UnitsByCheckerReport>;
/** Every checker name certificates were issued with (as last typed), for the list's filter. */
export const CheckerList = DataOf(Type.String());
export type CheckerList = Static<typeof CheckerList>;

export const Health = Type.Object({
  status: Type.String(),
  /** What the operator should know though the server is ready: e.g. the development seal in use. */
  notices: Type.Optional(Type.Array(Type.String())),
  /** The background jobs (docs/decisions/0021-jobs-and-one-worker.md): waiting, running, failed for good. */
  jobs: Type.Optional(
    Type.Object({
      queued: Type.Integer(),
      running: Type.Integer(),
      failed: Type.Integer(),
      /** Seconds the oldest waiting job has waited; null when none waits. */
      oldest_queued_seconds: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
});
export type Health = Static<typeof Health>;

/** What the audit trail records (docs/architecture.md#audit-trail). */
export const AUDIT_ACTIONS = [
  'certificate.issued',
  'certificate.printed',
  'certificate.reprinted',
  'certificate.revised',
  'certificate.voided',
  'unit.voided',
  'test_plan.changed',
  'units.released',
  'units.released_by_deviation',
  'unit.retested',
  'instrument.created',
  'instrument.changed',
  'instrument.calibrated',
  'impact.closed',
  'calibration.certificate_uploaded',
  'impacts.exported',
  'labels.printed',
  'certificates.exported',
  'brand.created',
  'brand.changed',
  'machine.created',
  'machine.changed',
  'image.uploaded',
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.locked_out',
  'auth.signed_out',
  'auth.signed_out_everywhere',
  'auth.recovery_code_used',
  'account.created',
  'account.linked_to_directory',
  'account.disabled',
  'account.enabled',
  'account.roles_changed',
  'account.password_reset',
  'account.password_changed',
  'account.two_factor_enabled',
  'account.two_factor_disabled',
  'settings.changed',
  'account.two_factor_reset',
  'account.password_check_failed',
  'account.unlocked',
  'account.two_factor_requirement_changed',
  'audit.exported',
  'document.uploaded',
  'document.superseded',
  'paper_request.sent',
  'job.retried',
  'failure_reason.created',
  'failure_reason.renamed',
  'failure_reason.removed',
  'import_mapping.saved',
  'import_mapping.changed',
  'import_mapping.removed',
  'measurement_ids.changed',
  'notice.published',
  'notice.closed',
  'notice.exported',
  'unit.registered',
  'registration.deleted',
  'service_request.received',
  'service_request.status_changed',
  'service_request.note_added',
  'service_request.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEvent = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  /** The signed-in account, or null when nobody was (a failed sign-in). */
  account_id: Type.Union([Type.Integer(), Type.Null()]),
  account_email: Type.Union([Type.String(), Type.Null()]),
  /** How people read the account: its name, its e-mail when it has none; null when nobody was signed in. */
  account_name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  action: Literals(AUDIT_ACTIONS),
  subject_type: Type.String(),
  subject_id: Type.String(),
  /** What a reader calls the subject where an id says nothing (an instrument: „PM-10 Isolationsmessgerät“). */
  subject_name: Type.Optional(Type.String()),
  /** For changes the fields `before` and `after`; otherwise what identifies the event. */
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditEvent = Static<typeof AuditEvent>;

const IsoTime = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
});
export const AuditQuery = Type.Object({
  account_id: Type.Optional(Id),
  action: Type.Optional(Literals(AUDIT_ACTIONS)),
  subject_type: Type.Optional(Type.String({ maxLength: 50 })),
  subject_id: Type.Optional(Type.String({ maxLength: 254 })),
  /** A day (2026-11-23) or a time in ISO 8601; `to` is exclusive. */
  from: Type.Optional(IsoTime),
  to: Type.Optional(IsoTime),
  /** Keyset paging: the events older than this id (the `next` of the previous page). */
  before: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 })),
  /** The events of a unit (by its serial) and of the certificate that holds it. */
  serial: Type.Optional(Type.String({ minLength: 1, maxLength: SERIAL_MAX_LENGTH })),
  /** The events of a certificate (by its number) and of its units. */
  certificate_id: Type.Optional(Id),
  /** The events of a machine, of its certificates and of their units. */
  machine_id: Type.Optional(Id),
  /** The events of the account with this e-mail (any case), for readers of the trail who cannot list accounts. */
  account_email: Type.Optional(Type.String({ minLength: 1, maxLength: EMAIL_MAX })),
});
export type AuditQuery = Static<typeof AuditQuery>;
/** The audit trail as a file: the page's filter without its paging, newest first. */
export const AuditExportQuery = Type.Composite([
  Type.Omit(AuditQuery, ['before', 'limit']),
  Type.Object({ format: Literals(EXPORT_FORMATS) }),
]);
export type AuditExportQuery = Static<typeof AuditExportQuery>;
/** The impact list as a file, filtered as the screen filters it. */
export const ImpactExportQuery = Type.Object({
  ...ImpactQuery.properties,
  format: Literals(EXPORT_FORMATS),
});
export type ImpactExportQuery = Static<typeof ImpactExportQuery>;

export const AuditPage = Type.Object({
  data: Type.Array(AuditEvent),
  /** The `before` of the next page, null on the last one. */
  next: Type.Union([Type.Integer(), Type.Null()]),
});
/** As the wire has it; readers take TypedAuditPage (contracts/src/audit-details.ts). */
export type AuditPage = Static<typeof AuditPage>;

/** What a staff screen printed: the pages right after issuing, a reprint, or the certificate's labels. */
export const PRINT_KINDS = ['print', 'reprint', 'labels'] as const;
export const PrintedBody = Type.Object({
  kind: Literals(PRINT_KINDS),
  /** Labels: the serials printed; a unit not released or voided is refused (docs/decisions/0010-test-record.md). */
  serials: Type.Optional(
    Type.Array(Type.String({ maxLength: SERIAL_MAX_LENGTH }), { minItems: 1, maxItems: 1000 }),
  ),
});
export type PrintedBody = Static<typeof PrintedBody>;

const Reason = Type.String({ maxLength: REASON_MAX, ...multiline });
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/**
 * A correction of an issued certificate: the revisable fields as they should print, the reason, and the
 * version it was made on. Machine and brand are named here only to be refused with a clear message.
 */
export const RevisionBody = Type.Object({
  version: Version,
  reason: Reason,
  checked_by: Text(CHECKED_BY_MAX),
  // Only the checks the certificate's test plan has; one not sent keeps what is stored (revising.ts).
  ...Type.Partial(Type.Object(checkProperties)).properties,
  resistance_to_voltage: Type.Optional(Literals(VOLTAGE_VALUES)),
  observation: Literals(OBSERVATIONS),
  origin_germany: Literals(ORIGINS),
  electronic_circuit_board: CircuitBoard,
  machine_id: Type.Optional(Type.Unknown()),
  brand_id: Type.Optional(Type.Unknown()),
  serial_prefix: Type.Optional(Type.Unknown()),
});
export type RevisionBody = Static<typeof RevisionBody>;

/** Voids the whole certificate, or only the units named in `serials`. */
export const VoidBody = Type.Object({
  version: Version,
  reason: Reason,
  serials: Type.Optional(
    Type.Array(Type.String({ maxLength: SERIAL_MAX_LENGTH }), { minItems: 1, maxItems: QUANTITY.max }),
  ),
});
export type VoidBody = Static<typeof VoidBody>;

export const RevisionParams = Type.Object({
  id: Id,
  revision: Type.Integer({ minimum: 1, maximum: 100_000 }),
});
export type RevisionParams = Static<typeof RevisionParams>;

export const RevisionInfo = Type.Object({
  revision: Type.Integer(),
  issued_at: Timestamp,
  issued_by_email: Nullable(Type.String()),
  /** How people read the account: its name, its e-mail when it has none. */
  issued_by_name: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  /** Null for the current revision. */
  replaced_at: Nullable(Timestamp),
});
export type RevisionInfo = Static<typeof RevisionInfo>;

export const Unit = Type.Object({
  serial: Type.String(),
  unit_index: Type.Integer(),
  voided_at: Nullable(Timestamp),
  void_reason: Nullable(Type.String()),
  release: Literals(UNIT_RELEASES),
});
export type Unit = Static<typeof Unit>;

/** A certificate's revisions, newest first, and its units with their status. */
export const CertificateHistory = Type.Object({
  revisions: Type.Array(RevisionInfo),
  units: Type.Array(Unit),
});
export type CertificateHistory = Static<typeof CertificateHistory>;

export const SerialParams = Type.Object({
  serial: Type.String({ minLength: 1, maxLength: SERIAL_MAX_LENGTH }),
});
export type SerialParams = Static<typeof SerialParams>;

/** A page of the events of one thing (a certificate, a unit, a machine), for every signed-in account. */
export const EventsQuery = Type.Object({
  before: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 })),
});
export type EventsQuery = Static<typeof EventsQuery>;

const Roles = Type.Array(Literals(ROLES), { minItems: 1, maxItems: ROLES.length, uniqueItems: true });
const Password = Type.String({ maxLength: PASSWORD_MAX });

/** A staff account as the admin area lists it. */
export const Account = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  roles: Type.Array(Literals(ROLES)),
  disabled: Type.Boolean(),
  /** Set by an administrator's first or reset password: the account must choose its own before anything else. */
  must_change_password: Type.Boolean(),
  two_factor: Type.Boolean(),
  /** An administrator requires two-factor sign-in of this account, whatever the setting for all says. */
  two_factor_required: Type.Boolean(),
  /** Until when failed sign-ins lock the account; null when it is not locked. */
  locked_until: Type.Union([Timestamp, Type.Null()]),
  last_sign_in_at: Type.Union([Timestamp, Type.Null()]),
  created_at: Timestamp,
  /** The account is a company account: the directory signs it in and sets its roles. */
  directory: Type.Boolean(),
  /** When the directory last set its roles (at its last sign-in with the company account). */
  roles_synced_at: Type.Union([Timestamp, Type.Null()]),
  language: Literals(STAFF_LANGUAGES),
});
export type Account = Static<typeof Account>;
export const AccountList = DataOf(Account);
export type AccountList = Static<typeof AccountList>;
export const AccountCreateBody = Type.Object({
  email: Text(EMAIL_MAX),
  name: Type.Optional(Text()),
  password: Password,
  roles: Roles,
  /** German when not given. */
  language: Type.Optional(Literals(STAFF_LANGUAGES)),
});
export type AccountCreateBody = Static<typeof AccountCreateBody>;
export const RolesBody = Type.Object({ roles: Roles });
export type RolesBody = Static<typeof RolesBody>;

/** Settings an administrator changes for every account. */
export const Settings = Type.Object({
  require_two_factor: Type.Boolean(),
  /** Units that pass wait for release by a second person with the release right, not the tester (EN 10204 3.1). */
  release_by_second_person: Type.Boolean(),
  /** „Nur Firmenkonto“: local sign-in only for administrators (break-glass); everyone else signs in with the company account. */
  directory_only: Type.Boolean(),
});
export type Settings = Static<typeof Settings>;
/** A change of settings names only the settings it changes. */
export const SettingsChange = Type.Partial(Settings, { minProperties: 1 });
export type SettingsChange = Static<typeof SettingsChange>;

/** The signed-in account: who it is, its roles, and what it must do before anything else. */
export const Me = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  roles: Type.Array(Literals(ROLES)),
  must_change_password: Type.Boolean(),
  two_factor: Type.Boolean(),
  /** An administrator requires two-factor sign-in for every account. */
  two_factor_required: Type.Boolean(),
  language: Literals(STAFF_LANGUAGES),
});
export type Me = Static<typeof Me>;
export const LanguageBody = Type.Object({ language: Literals(STAFF_LANGUAGES) });
export type LanguageBody = Static<typeof LanguageBody>;
export const OwnPasswordBody = Type.Object({ current_password: Password, new_password: Password });
export type OwnPasswordBody = Static<typeof OwnPasswordBody>;
export const SignIn = Type.Object({
  at: Timestamp,
  ok: Type.Boolean(),
  address: Type.String(),
});
export const SignInList = DataOf(SignIn);
export type SignInList = Static<typeof SignInList>;
export const TwoFactorSetup = Type.Object({
  secret: Type.String(),
  /** The otpauth:// address the authenticator app reads from the QR code. */
  uri: Type.String(),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;
export const TwoFactorCodeBody = Type.Object({ code: SecondFactorCode });
export type TwoFactorCodeBody = Static<typeof TwoFactorCodeBody>;
export const RecoveryCodes = Type.Object({ recovery_codes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;
export const PasswordBody = Type.Object({ password: Password });
export type PasswordBody = Static<typeof PasswordBody>;
/** The current password, which enrolling in two-factor sign-in asks for. */
export const CurrentPasswordBody = Type.Object({ current_password: Password });
export type CurrentPasswordBody = Static<typeof CurrentPasswordBody>;
/** An administrator resets a colleague's two-factor sign-in, saying why. */
export const TwoFactorResetBody = Type.Object({ reason: Reason });
export type TwoFactorResetBody = Static<typeof TwoFactorResetBody>;
/** Whether an administrator requires two-factor sign-in of one account. */
export const TwoFactorRequiredBody = Type.Object({ required: Type.Boolean() });
export type TwoFactorRequiredBody = Static<typeof TwoFactorRequiredBody>;
/** How many certificates, and how many units they hold, the list's filter and search match. */
export const CertificateTotals = Type.Object({ certificates: Type.Integer(), units: Type.Integer() });
export type CertificateTotals = Static<typeof CertificateTotals>;
