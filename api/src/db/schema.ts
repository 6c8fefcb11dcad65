import type { Generated } from 'kysely';
import type {
  CalibrationResult,
  CertificateDocumentEvent,
  CertificateDocumentScope,
  CertificateStatus,
  CertificateVerdict,
  CheckField,
  ImpactClosing,
  InstrumentKind,
  InstrumentStatus,
  NoticeSeverity,
  UnitRelease,
} from 'contracts';

/** Row types of every table (docs/architecture.md#data-model). Timestamps are ISO 8601 strings in UTC; booleans are 0/1. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  disabled: number;
  created_at: string;
  /** Comma-separated roles (contracts ROLES). */
  roles: string;
  must_change_password: number;
  /** Base32 TOTP secret while two-factor sign-in is on; the pending one waits for its first code. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
  /** 1: an administrator requires two-factor sign-in of this account (beside the setting for all). */
  two_factor_required: Generated<number>;
  /** `<issuer> <sub>` of an account from the directory (company account); null for a local one. */
  directory_subject: string | null;
  /** When the directory last set the roles, at a sign-in with the company account. */
  roles_synced_at: string | null;
  /** The staff app's and the API messages' language (contracts STAFF_LANGUAGES), 'de' by default. */
  language: Generated<string>;
}

/** Recovery codes of two-factor sign-in, only their SHA-256 stored; each good once. */
export interface RecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** The step between a right password and the code: a short-lived challenge, only its SHA-256 stored. */
export interface LoginChallengesTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The provider's ID token of a session started with the company account, for the provider's sign-out. */
  id_token: string | null;
}

/**
 * A sign-in with the company account between our redirect to the provider and the browser taking its session:
 * `started` → `checking` (the provider answered) → `done` or `failed` → `taken`. Only the state's SHA-256 and
 * the browser cookie's are stored; nonce and PKCE verifier are needed as they are.
 */
export interface DirectorySignInsTable {
  state_hash: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  return_to: string;
  expires_at: string;
  stage: 'started' | 'checking' | 'done' | 'failed' | 'taken';
  account_id: number | null;
  id_token: string | null;
  /** The refusal's error code (contracts API_ERROR_CODES) when `failed`. */
  error: string | null;
}

/** Failed sign-ins per account name and per client address, shared by every API instance. */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export interface BrandsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  logo: string;
  email: string;
  website_link: string;
  created_at: string;
  updated_at: string;
}

export interface MachinesTable {
  id: Generated<number>;
  brand_id: number;
  name: string;
  /** Lower-cased article number, unique per brand. */
  name_key: string;
  /** Lower-cased article number, EAN and prefix for case-insensitive search, umlauts included. */
  search_key: string;
  serial_prefix: string;
  ean_number: string;
  link_en: string;
  link_ger: string;
  image: string;
  electronic_circuit_board: number;
  voltage_resistance: string;
  observation: string;
  description: string;
  created_at: string;
  updated_at: string;
}

/** The `Idempotency-Key` each certificate was issued with, per account. */
export interface IdempotencyKeysTable {
  account_id: number;
  key: string;
  /** SHA-256 of the request it answered: the same key with another request is refused. */
  request_hash: string;
  certificate_id: number;
  created_at: string;
}

/** The audit trail, append-only (migration 2026-11-23T04-00-audit-events). */
export interface AuditEventsTable {
  id: Generated<number>;
  at: string;
  account_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string;
  /** JSON: for changes `{ before, after }` of the fields that changed. */
  details: string;
}

/** One counter per serial base (prefix + YYMM): the last unit number taken. */
export interface SerialCountersTable {
  serial_base: string;
  last: number;
}

export type CertificatesTable = {
  id: Generated<number>;
  brand_id: number;
  machine_id: number;
  /** The signed-in account that issued it. */
  created_by: number;
  /** The checker's name as typed on the form. */
  checked_by: string;
  /** Lower-cased checker name, for search. */
  checked_by_key: string;
  /** Lower-cased machine name, for sorting and search. */
  machine_name_key: string;
  quantity: number;
  resistance_to_voltage: string;
  observation: string;
  origin: string;
  electronic_circuit_board: number;
  // A snapshot of what the certificate prints about the machine and its brand, as it was when issued.
  machine_name: string;
  machine_image: string;
  serial_prefix: string;
  brand_name: string;
  brand_image: string;
  brand_email: string;
  brand_website: string;
  ean_number: string;
  /** Prefix + YYMM: the counter the serials were taken from (docs/decisions/0004-serial-scheme.md). */
  serial_base: string;
  /** The counter value of the first unit; unit k is serial_base + (first_unit_number + k), padded. */
  first_unit_number: number;
  first_serial: string;
  last_serial: string;
  created_at: string;
  /** YYYY-MM in Europe/Berlin of created_at: the month the reports count it in (migration 2026-11-25T00-00-issue-month). */
  issue_month: string;
  // The lifecycle (migration 2026-11-23T05-00-lifecycle).
  revision: Generated<number>;
  version: Generated<number>;
  status: Generated<CertificateStatus>;
  voided_units: Generated<number>;
  revised_at: string | null;
  revised_by: number | null;
  revision_reason: string | null;
  voided_at: string | null;
  voided_by: number | null;
  void_reason: string | null;
  // The test record (migration 2026-11-25T10-00-test-record, docs/decisions/0010-test-record.md).
  plan_version: Generated<number>;
  /** JSON of the plan's steps as tested; '' for certificates issued before plans (the default plan). */
  plan_steps: Generated<string>;
  /** The signed-in account's display name when it issued. */
  tested_by_name: Generated<string>;
  verdict: Generated<CertificateVerdict>;
  failed_units: Generated<number>;
} & Record<CheckField, string>;

/** A revision that a newer one replaced: what it printed, when and why it was made. */
export interface CertificateRevisionsTable {
  certificate_id: number;
  revision: number;
  /** JSON of the revisable fields (contracts' REVISABLE_FIELDS). */
  fields: string;
  issued_at: string;
  issued_by: number | null;
  reason: string | null;
  replaced_at: string;
}

export interface CertificateUnitsTable {
  id: Generated<number>;
  certificate_id: number;
  unit_index: number;
  serial: string;
  voided_at: string | null;
  voided_by: number | null;
  void_reason: string | null;
  release: Generated<UnitRelease>;
  released_by: number | null;
  released_at: string | null;
  /** Set when a failed unit was released by deviation (Sonderfreigabe). */
  deviation_reason: string | null;
}

/** A machine's test plan versions; never changed once stored. */
export interface TestPlansTable {
  machine_id: number;
  version: number;
  /** JSON of contracts' PlanStep[]. */
  steps: string;
  /** 1: a retest asks for every step again; 0: only for those that failed. */
  retest_all: Generated<number>;
  created_at: string;
  created_by: number;
  /** Why the version was made (migration 2026-11-29T04-00-plan-reasons); null for the first. */
  reason: string | null;
}

/** The failure reasons a retest names (migration 2026-11-29T07-00-retest-findings); the code never changes. */
export interface FailureReasonsTable {
  id: Generated<number>;
  code: string;
  name: string;
}

/** Test instruments (migration 2026-11-25T14-00-instruments, docs/decisions/0018-instruments.md). */
export interface InstrumentsTable {
  id: Generated<number>;
  inventory_number: string;
  inventory_key: string;
  name: string;
  maker: string;
  model: string;
  serial_number: string;
  kind: InstrumentKind;
  interval_months: number;
  last_calibrated: string;
  due: string;
  status: InstrumentStatus;
  created_at: string;
  updated_at: string;
}

export interface InstrumentCalibrationsTable {
  id: Generated<number>;
  instrument_id: number;
  calibrated_on: string;
  result: CalibrationResult;
  suspect_since: string | null;
  note: string;
  recorded_by: number;
  recorded_at: string;
  /** The calibration certificate PDF (document_contents), once uploaded. */
  certificate_sha256: string | null;
}

/** Which instrument took a step's values in an attempt, with its inventory number and due date then. */
export interface AttemptInstrumentsTable {
  certificate_id: number;
  unit_index: number;
  attempt: number;
  step_key: string;
  instrument_id: number;
  inventory_number: string;
  due: string;
  tested_at: string;
}

export interface ImpactEntriesTable {
  id: Generated<number>;
  calibration_id: number;
  instrument_id: number;
  certificate_id: number;
  closed_as: ImpactClosing | null;
  note: string | null;
  closed_by: number | null;
  closed_at: string | null;
}

/** One test of one unit: a retest adds an attempt, never overwrites one. */
export interface TestAttemptsTable {
  certificate_id: number;
  unit_index: number;
  attempt: number;
  /** JSON: step key → value as entered. */
  values: string;
  /** JSON: step key → pass | fail | open. */
  verdicts: string;
  passed: number;
  tested_by: number;
  tested_by_name: string;
  tested_at: string;
  /** A retest: the failure reason's code, what was found and done, and the JSON of the step keys carried over. */
  failure_reason: string | null;
  finding: string | null;
  carried_over: string | null;
  /** The tester's file the values came from (issue 44), null for typed values. */
  source_file_id: Generated<number | null>;
}

/** Row counts maintained by the writes (name 'certificates'). */
export interface TotalsTable {
  name: string;
  value: number;
}

/** Units issued (and voided) by issue month (YYYY-MM, Europe/Berlin), kept by the writes (docs/architecture.md#reports-filters-exports-charts). */
interface UnitCounts {
  certificates: Generated<number>;
  units: Generated<number>;
  voided_units: Generated<number>;
}
export interface UnitsByBrandTable extends UnitCounts {
  month: string;
  brand_id: number;
}
/** One row per machine and month (YYYY-MM) and one per machine and year (YYYY). */
export interface UnitsByMachineTable extends UnitCounts {
  period: string;
  machine_id: number;
}
export interface UnitsByCheckerTable extends UnitCounts {
  month: string;
  /** The lower-cased checker name (certificates.checked_by_key). */
  checker_key: string;
  /** The name as last typed. */
  checker: string;
}

export interface UploadsTable {
  sha256: string;
  mime: string;
  ext: string;
  size: number;
  bytes: Buffer;
  created_at: string;
}

/** A PDF's bytes, once per content, in chunks (api/src/db/migrations/2026-11-25T12-00-documents.ts). */
export interface DocumentContentsTable {
  sha256: string;
  size: number;
  chunk_count: number;
  created_at: string;
}

export interface DocumentChunksTable {
  sha256: string;
  seq: number;
  bytes: Buffer;
  /** The chunk's own SHA-256, checked before its bytes are passed on (api/src/platform/chunk-store.ts). */
  chunk_sha256: string;
}

/** One version of a machine's document; never deleted. `valid_from` is a day, YYYY-MM-DD. */
export interface MachineDocumentsTable {
  id: Generated<number>;
  machine_id: number;
  kind: string;
  language: string;
  valid_from: string;
  sha256: string;
  file_name: string;
  created_at: string;
  created_by: number;
}

/** A customer's request for a paper copy; name, address and e-mail are emptied when erased. */
export interface PaperRequestsTable {
  id: Generated<number>;
  machine_id: number;
  serial: string;
  kind: string;
  language: string;
  name: string;
  address: string;
  email: string;
  created_at: string;
  due: string;
  sent_on: string | null;
  sent_by: number | null;
  erased_at: string | null;
}

/** A sealed certificate PDF; appended, never changed (migration 2026-11-26T10-00-sealed-certificates). */
export interface CertificateDocumentsTable {
  id: Generated<number>;
  certificate_id: number;
  seq: number;
  event: CertificateDocumentEvent;
  scope: CertificateDocumentScope;
  /** The unit's serial of a customer copy; '' for the whole certificate. */
  serial: string;
  certificate_version: number;
  revision: number;
  sha256: string;
  size: number;
  page_count: number;
  created_at: string;
}

/** The development seal, made once (api/src/modules/certificate-pdf/seal-keys.ts). */
export interface SealsTable {
  name: string;
  /** PKCS#8, PEM. */
  private_key: string;
  certificate: string;
  created_at: string;
}

/** A safety notice or recall (migration 2026-11-29T12-00-safety-notices); closed, never deleted. */
export interface SafetyNoticesTable {
  id: Generated<number>;
  machine_id: number;
  severity: NoticeSeverity;
  title_de: string;
  title_en: string;
  text_de: string;
  text_en: string;
  serial_from: string | null;
  serial_to: string | null;
  issued_from: string | null;
  issued_to: string | null;
  published_at: string;
  published_by: number;
  closed_at: string | null;
  closed_by: number | null;
  close_reason: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  brands: BrandsTable;
  machines: MachinesTable;
  serial_counters: SerialCountersTable;
  certificates: CertificatesTable;
  certificate_units: CertificateUnitsTable;
  test_plans: TestPlansTable;
  test_attempts: TestAttemptsTable;
  failure_reasons: FailureReasonsTable;
  instruments: InstrumentsTable;
  instrument_calibrations: InstrumentCalibrationsTable;
  attempt_instruments: AttemptInstrumentsTable;
  impact_entries: ImpactEntriesTable;
  uploads: UploadsTable;
  totals: TotalsTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_events: AuditEventsTable;
  certificate_revisions: CertificateRevisionsTable;
  units_by_brand: UnitsByBrandTable;
  units_by_machine: UnitsByMachineTable;
  units_by_checker: UnitsByCheckerTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  directory_sign_ins: DirectorySignInsTable;
  settings: SettingsTable;
  document_contents: DocumentContentsTable;
  document_chunks: DocumentChunksTable;
  machine_documents: MachineDocumentsTable;
  paper_requests: PaperRequestsTable;
  certificate_documents: CertificateDocumentsTable;
  seals: SealsTable;
  safety_notices: SafetyNoticesTable;
  jobs: JobsTable;
  certificate_exports: CertificateExportsTable;
  registrations: RegistrationsTable;
  service_requests: ServiceRequestsTable;
  service_request_photos: ServiceRequestPhotosTable;
  service_request_notes: ServiceRequestNotesTable;
  mail_sends: MailSendsTable;
  unsubscribe_tokens: UnsubscribeTokensTable;
  tester_files: TesterFilesTable;
  import_mappings: ImportMappingsTable;
  tester_measurement_ids: TesterMeasurementIdsTable;
}

/** A tester's file as uploaded (migration 2026-11-29T10-00-tester-imports, docs/tester-files.md). */
export interface TesterFilesTable {
  id: Generated<number>;
  sha256: string;
  size: number;
  name: string;
  format: 'csv' | 'xlsx' | 'padfx';
  tester_model: string;
  tester_serial: string;
  machine_id: number;
  uploaded_by: number;
  uploaded_at: string;
}

/** Which column fills which step, per machine and tester model. */
export interface ImportMappingsTable {
  id: Generated<number>;
  machine_id: number;
  tester_model: string;
  serial_column: string | null;
  /** JSON: step key → column. */
  steps: string;
  updated_by: number;
  updated_at: string;
}

/** A vendor's measurement ids and the step each fills by default. */
export interface TesterMeasurementIdsTable {
  vendor: string;
  column_key: string;
  step_key: string;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** Background work, claimed by the worker processes (api/src/platform/jobs.repository.ts). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  subject: string;
  payload: Generated<string>;
  state: JobState;
  attempts: Generated<number>;
  run_after: string;
  worker: string | null;
  locked_until: string | null;
  error: string | null;
  progress: Generated<number>;
  total: number | null;
  account_id: number | null;
  created_at: string;
  finished_at: string | null;
}

/**
 * An export of the certificate list asked for by an account, its file written by the worker into the chunk store
 * (api/src/modules/certificates/certificate-export.ts); removed with its bytes after `expires_at`.
 */
export interface CertificateExportsTable {
  id: Generated<number>;
  account_id: number;
  /** The job that writes the file (jobs are forgotten a day after they are done, so no foreign key). */
  job_id: number | null;
  format: 'xlsx' | 'csv';
  rows: 'certificates' | 'units';
  /** What the worker writes, as JSON (api/src/modules/certificates/export-job.ts, ExportJob). */
  request: string;
  file_name: string;
  /** The stored file (document_contents), from the moment its bytes are being stored. */
  sha256: string | null;
  size: number | null;
  /** Rows the file holds, once it is ready. */
  row_count: number | null;
  created_at: string;
  ready_at: string | null;
  expires_at: string;
}

/** An owner's registration of a unit (migration 2026-11-29T11-00-registrations, api/src/modules/registrations). */
export interface RegistrationsTable {
  id: Generated<number>;
  serial: string;
  status: 'active' | 'conflict';
  owner: string;
  email: string;
  country: string;
  purchased_on: string;
  dealer: string | null;
  language: 'en' | 'de';
  consent_version: string;
  consent_text: string;
  confirm_origin: string | null;
  token_hash: string | null;
  token_expires_at: string | null;
  confirmed_at: string | null;
  created_at: string;
  /** When the owner unsubscribed from the mails that are not required (migration 2026-11-29T14-00-notice-mails). */
  unsubscribed_at: string | null;
}

/** The SHA-256 of each mailed unsubscribe link's token (migration 2026-11-29T14-00-notice-mails). */
export interface UnsubscribeTokensTable {
  token_hash: string;
  registration_id: number;
  created_at: string;
}

/** A customer's service request (migration 2026-11-29T13-00-service-requests, api/src/modules/service-requests). */
export interface ServiceRequestsTable {
  id: Generated<number>;
  serial: string;
  status: 'new' | 'in_progress' | 'done';
  text: string;
  name: string;
  email: string;
  phone: string | null;
  language: 'en' | 'de';
  created_at: string;
  updated_at: string;
}

/** A request's photo, 1 to 3, checked like every image (api/src/modules/uploads/image-check.ts). */
export interface ServiceRequestPhotosTable {
  request_id: number;
  position: number;
  mime: string;
  size: number;
  bytes: Buffer;
}

/** A staff note on a service request. */
export interface ServiceRequestNotesTable {
  id: Generated<number>;
  request_id: number;
  account_id: number;
  text: string;
  at: string;
}

/** Each mail the worker tried to send (api/src/platform/mail.ts). */
export interface MailSendsTable {
  id: Generated<number>;
  subject: string;
  job_id: number | null;
  recipient: string;
  state: 'sent' | 'failed';
  error: string | null;
  message_id: string | null;
  at: string;
}
